import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ConfigError, environmentVariables, loadConfig } from "../src/config";
import { productionVariables } from "../src/config/production-requirements";
import { serverExit } from "./server-process";

/** The local stack's addresses, written in lower case as an operator might paste them. */
const contractAddressEnv = {
  GOLD_TOKEN_ADDRESS: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  GOLD_FAUCET_ADDRESS: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  FARM_NFT_ADDRESS: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
  FARM_VAULT_ADDRESS: "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
};

describe("loadConfig", () => {
  it("gives every variable a local-development default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      host: "127.0.0.1",
      port: 8787,
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:8545",
      publicRpcUrl: "http://127.0.0.1:8545",
      cookieSecure: false,
      devWallet: true,
      rateLimits: { authPerMinute: 10, generalPerMinute: 600 },
    });
    expect(config.encryptionKey).toHaveLength(32);
    expect(config.dataDir).toMatch(/backend\/data$/);
  });

  it("reads the Rupiah value of one GOLD as a whole number with its source and day; none unless configured", () => {
    expect(loadConfig({})).toMatchObject({
      rupiahPerGold: null,
      rupiahRateSource: null,
      rupiahRateDate: null,
    });
    expect(loadConfig({ RUPIAH_PER_GOLD: " " }).rupiahPerGold).toBeNull();
    expect(
      loadConfig({
        RUPIAH_PER_GOLD: "15500",
        RUPIAH_RATE_SOURCE: " Bank Indonesia JISDOR ",
        RUPIAH_RATE_DATE: "2026-11-02",
      }),
    ).toMatchObject({
      rupiahPerGold: 15_500n,
      rupiahRateSource: "Bank Indonesia JISDOR",
      rupiahRateDate: "2026-11-02",
    });
    for (const bad of ["0", "16.000", "1e4", "-1", "99999999999"])
      expect(() => loadConfig({ RUPIAH_PER_GOLD: bad }), bad).toThrow("RUPIAH_PER_GOLD");
    expect(() => loadConfig({ RUPIAH_PER_GOLD: "16000", RUPIAH_RATE_DATE: "02/11/2026" })).toThrow(
      "RUPIAH_RATE_DATE",
    );
    expect(() => loadConfig({ RUPIAH_PER_GOLD: "16000", RUPIAH_RATE_SOURCE: "x".repeat(121) })).toThrow(
      "RUPIAH_RATE_SOURCE",
    );
    // A source or a day with no rate is a half-written setting, refused rather than ignored.
    expect(() => loadConfig({ RUPIAH_RATE_SOURCE: "Bank Indonesia JISDOR" })).toThrow("RUPIAH_RATE_SOURCE");
    expect(() => loadConfig({ RUPIAH_RATE_DATE: "2026-11-02" })).toThrow("RUPIAH_RATE_DATE");
  });

  it("checks answers against the API contract outside production unless RESPONSE_CHECK says otherwise", () => {
    expect(loadConfig({}).responseCheck).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", RESPONSE_CHECK: "false" }).responseCheck).toBe(false);
    expect(() => loadConfig({ RESPONSE_CHECK: "maybe" })).toThrow(ConfigError);
  });

  it("reads the services, lists and switches from the environment", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      ENCRYPTION_KEY: "ab".repeat(32),
      DATABASE_URL: "postgres://u@db:5432/farm",
      REDIS_URL: "redis://cache:6379",
      S3_ENDPOINT: "https://s3.example",
      S3_BUCKET: "docs",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      ADMIN_ADDRESSES:
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, 0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      SIWE_ALLOWED_ORIGINS: "https://app.farm.example,https://farmer.farm.example/",
      RPC_URL: "https://sepolia.base.org",
      OPERATOR_PRIVATE_KEY: `0x${"12".repeat(32)}`,
      PUBLIC_API_URL: "https://api.farm.example/",
      RUPIAH_PER_GOLD: "16000",
      NOTIFY_EMAIL: "false",
    });
    expect(config.publicApiUrl).toBe("https://api.farm.example");
    expect(config.cookieSecure).toBe(true);
    expect(config.devWallet).toBe(false);
    expect(config.s3).toEqual({
      endpoint: "https://s3.example",
      bucket: "docs",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(config.adminAddresses).toEqual([
      "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
      "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    ]);
    expect(config.siweAllowedOrigins).toEqual(["https://app.farm.example", "https://farmer.farm.example"]);
    expect(config.responseCheck).toBe(false);
  });

  it("reads the contract addresses one by one, checksummed, and the indexer's first block", () => {
    const config = loadConfig({ ...contractAddressEnv, INDEXER_START_BLOCK: "1234567" });
    expect(config.contractAddresses).toEqual({
      goldToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      goldFaucet: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
      farmNft: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
      farmVault: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
    });
    expect(config.indexer.startBlock).toBe(1_234_567);
    expect(loadConfig({}).contractAddresses).toBeUndefined();
    expect(loadConfig({}).indexer.startBlock).toBeUndefined();
  });

  it.each([
    [{ FARM_NFT_ADDRESS: contractAddressEnv.FARM_NFT_ADDRESS }, "GOLD_TOKEN_ADDRESS"],
    [{ ...contractAddressEnv, FARM_VAULT_ADDRESS: "" }, "FARM_VAULT_ADDRESS"],
    [{ ...contractAddressEnv, GOLD_FAUCET_ADDRESS: "0x1234" }, "GOLD_FAUCET_ADDRESS"],
    [{ INDEXER_START_BLOCK: "-1" }, "INDEXER_START_BLOCK"],
    [{ INDEXER_START_BLOCK: "12.5" }, "INDEXER_START_BLOCK"],
    [{ NODE_ENV: "production" }, "ENCRYPTION_KEY"],
    [{ ENCRYPTION_KEY: "too-short" }, "ENCRYPTION_KEY"],
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://db/farm" }, "DATABASE_URL"],
    [{ REDIS_URL: "not a url" }, "REDIS_URL"],
    [{ S3_ENDPOINT: "https://s3.example" }, "S3_BUCKET"],
    [{ ADMIN_ADDRESSES: "0x123" }, "ADMIN_ADDRESSES"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ COOKIE_SECURE: "yes please" }, "COOKIE_SECURE"],
  ])("refuses %o with one line naming %s", (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain("\n");
  });
});

describe("network presets", () => {
  it("give the chain id and the indexer's defaults, each of which a variable overrides", () => {
    const mantle = loadConfig({ NETWORK: "mantle-sepolia" });
    expect(mantle.chainId).toBe(5003);
    expect(mantle.network?.name).toBe("mantle-sepolia");
    expect(mantle.indexer).toMatchObject({
      confirmations: 10,
      blockRange: 2000,
      pollIntervalMs: 2000,
      reorgDepth: 512,
    });
    expect(loadConfig({ NETWORK: "mantle-sepolia", INDEXER_CONFIRMATIONS: "4" }).indexer.confirmations).toBe(
      4,
    );
    // A chain id with a preset picks it; the local chain keeps indexing at the head.
    expect(loadConfig({ CHAIN_ID: "84532" }).network?.name).toBe("base-sepolia");
    expect(loadConfig({}).indexer).toMatchObject({
      confirmations: 0,
      blockRange: 5000,
      pollIntervalMs: 1000,
    });
    expect(loadConfig({ CHAIN_ID: "999999" }).network).toBeUndefined();
  });

  it("refuses a CHAIN_ID that is not the NETWORK's, and an unknown NETWORK", () => {
    expect(() => loadConfig({ NETWORK: "base-sepolia", CHAIN_ID: "5003" })).toThrow(
      "Invalid environment variable CHAIN_ID: 5003 is not the chain id of NETWORK=base-sepolia (84532)",
    );
    expect(() => loadConfig({ NETWORK: "mainnet" })).toThrow("Invalid environment variable NETWORK");
  });
});

describe(".env.example", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const entries = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)];

  it("and operations section 3 name every variable production refuses to start without", () => {
    const operations = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
    const paragraphs = {
      ".env.example": text.slice(
        text.indexOf("# development | test | production."),
        text.indexOf("\nNODE_ENV="),
      ),
      "docs/operations.md": operations.slice(
        operations.indexOf("In production the backend refuses to start"),
        operations.indexOf("`npm run serve` (any `NODE_ENV`)"),
      ),
    };
    for (const [where, paragraph] of Object.entries(paragraphs)) {
      const named = (name: string) => paragraph.includes(name.startsWith("S3_") ? "S3_*" : name);
      expect(paragraph.length, where).toBeGreaterThan(100);
      expect(
        productionVariables.filter((name) => !named(name)),
        where,
      ).toEqual([]);
    }
  });

  it("lists every variable the backend reads", () => {
    const listed = new Set(entries.map((entry) => entry[1]));
    expect(environmentVariables.filter((name) => !listed.has(name))).toEqual([]);
  });

  it("is accepted by loadConfig as it stands", () => {
    const env = Object.fromEntries(
      entries.filter((entry) => !entry[0].startsWith("#")).map((entry) => [entry[1]!, entry[2]!]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe("contract addresses from the environment", () => {
  it("are what the app serves and indexes, with no deployments file", async () => {
    const storageDir = await mkdtemp(join(tmpdir(), "farm-config-"));
    const config = loadConfig({
      ...contractAddressEnv,
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: "memory://",
      STORAGE_DIR: storageDir,
      RPC_URL: "http://127.0.0.1:9",
      DEPLOYMENTS_FILE: join(storageDir, "no-such-deployment.json"),
      INDEXER_ENABLED: "false",
    });
    const app = await buildApp(config);
    try {
      await app.ready();
      const reply = await app.inject({ method: "GET", url: "/api/config" });
      expect(reply.json()).toMatchObject({ contracts: config.contractAddresses });
      expect(app.chain.indexer).not.toBeNull();
    } finally {
      await app.close();
      await rm(storageDir, { recursive: true, force: true });
    }
  });
});

describe("server.ts", () => {
  it("exits with status 1 and one line naming the variable when the configuration is wrong", async () => {
    const { code, stderr } = await serverExit({
      ...process.env,
      NODE_ENV: "production",
      ENCRYPTION_KEY: "",
      PORT: "8787",
    });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "Invalid environment variable ENCRYPTION_KEY: required in production",
    ]);
  });
});
