import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, environmentVariables, loadConfig } from "../src/config";

const backendDir = fileURLToPath(new URL("..", import.meta.url));

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
    });
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
  });

  it.each([
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

describe(".env.example", () => {
  const text = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
  const entries = [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)];

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

describe("server.ts", () => {
  it("exits with status 1 and one line naming the variable when the configuration is wrong", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: backendDir,
      env: { ...process.env, NODE_ENV: "production", ENCRYPTION_KEY: "", PORT: "8787" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      "Invalid environment variable ENCRYPTION_KEY: required in production",
    ]);
  });
});
