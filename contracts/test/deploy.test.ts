import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type Anvil, anvilChain, anvilKeys, startAnvil } from "@farm/testkit";
import { createPublicClient, createWalletClient, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractsDir } from "../scripts/solc";
import { farmMarketAbi } from "../src/abi/FarmMarket";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { goldFaucetAbi } from "../src/abi/GoldFaucet";
import { goldTokenAbi } from "../src/abi/GoldToken";
import { deployDefaults, deployFarm } from "../src/deploy";
import { loadDeployment, writeDeployment } from "../src/deployment-file";
import { roles } from "../src/roles";

const run = promisify(execFile);
let anvil: Anvil;
let dir: string;

beforeAll(async () => {
  anvil = await startAnvil();
  dir = await mkdtemp(join(tmpdir(), "farm-deployments-"));
});
afterAll(async () => {
  await anvil.stop();
  await rm(dir, { recursive: true, force: true });
});

function clients(key: `0x${string}`) {
  const chain = anvilChain(anvil);
  const transport = http(anvil.rpcUrl);
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    walletClient: createWalletClient({ chain, transport, account: privateKeyToAccount(key) }),
  };
}

describe("deployFarm", () => {
  it("hands every admin role to the given admin, the operator role to the operator, and funds faucet and vault", async () => {
    const { publicClient, walletClient } = clients(anvilKeys[8]);
    const admin = privateKeyToAccount(anvilKeys[0]).address;
    const operator = privateKeyToAccount(anvilKeys[1]).address;
    const deployer = walletClient.account.address;
    const deployment = await deployFarm({
      publicClient,
      walletClient,
      admin,
      operator,
      faucetFunding: 123n,
      vaultFunding: 456n,
    });
    expect(deployment.chainId).toBe(anvil.chainId);
    expect(deployment.deployer).toBe(getAddress(deployer));
    expect(deployment.blockNumber).toBeGreaterThan(0);
    const hasRole = (role: `0x${string}`, account: `0x${string}`) =>
      publicClient.readContract({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "hasRole",
        args: [role, account],
      });
    for (const role of [roles.DEFAULT_ADMIN_ROLE, roles.ADMIN_ROLE, roles.PAUSER_ROLE]) {
      expect(await hasRole(role, admin)).toBe(true);
      expect(await hasRole(role, deployer)).toBe(false);
    }
    expect(await hasRole(roles.OPERATOR_ROLE, operator)).toBe(true);
    expect(await hasRole(roles.ADMIN_ROLE, operator)).toBe(false);
    const minter = await publicClient.readContract({
      address: deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "hasRole",
      args: [roles.MINTER_ROLE, admin],
    });
    expect(minter).toBe(true);
    const faucetAdmin = await publicClient.readContract({
      address: deployment.goldFaucet,
      abi: goldFaucetAbi,
      functionName: "hasRole",
      args: [roles.DEFAULT_ADMIN_ROLE, deployer],
    });
    expect(faucetAdmin).toBe(false);
    const balance = (address: `0x${string}`) =>
      publicClient.readContract({
        address: deployment.goldToken,
        abi: goldTokenAbi,
        functionName: "balanceOf",
        args: [address],
      });
    expect(await balance(deployment.goldFaucet)).toBe(123n);
    expect(await balance(deployment.farmVault)).toBe(456n);
    // The seed market trades FarmNFT shares for GOLD; the admin (not the deployer) sets its fee, 0 at first.
    const market = (functionName: "farmNft" | "gold" | "feeBps") =>
      publicClient.readContract({ address: deployment.farmMarket, abi: farmMarketAbi, functionName });
    expect(await market("farmNft")).toBe(deployment.farmNft);
    expect(await market("gold")).toBe(deployment.goldToken);
    expect(await market("feeBps")).toBe(0);
    const marketAdmin = (account: `0x${string}`) =>
      publicClient.readContract({
        address: deployment.farmMarket,
        abi: farmMarketAbi,
        functionName: "hasRole",
        args: [roles.DEFAULT_ADMIN_ROLE, account],
      });
    expect(await marketAdmin(admin)).toBe(true);
    expect(await marketAdmin(deployer)).toBe(false);
  });
});

describe("deployment files", () => {
  it("round-trip through writeDeployment and loadDeployment with checksummed addresses", async () => {
    const deployment = {
      chainId: 777,
      goldToken: getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3"),
      goldFaucet: getAddress("0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9"),
      farmNft: getAddress("0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0"),
      farmVault: getAddress("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512"),
      deployer: getAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"),
      blockNumber: 1,
    };
    const path = await writeDeployment(deployment, dir);
    expect(path).toBe(join(dir, "777.json"));
    // A file written before the seed market: it loads without one (the market is off on that deployment).
    expect(await loadDeployment(777, dir)).toEqual(deployment);
    expect((await loadDeployment(777, dir)).farmMarket).toBeUndefined();
    const withMarket = {
      ...deployment,
      farmMarket: getAddress("0xa513e6e4b8f2a923d98304ec87f64353c4d5c853"),
    };
    await writeDeployment(withMarket, dir);
    expect(await loadDeployment(777, dir)).toEqual(withMarket);
  });

  it("refuses a malformed file, naming the bad field", async () => {
    await writeFile(join(dir, "778.json"), JSON.stringify({ chainId: 778, goldToken: "nope" }));
    await expect(loadDeployment(778, dir)).rejects.toThrow(/goldToken/);
  });
});

describe("contracts/scripts/deploy.ts", () => {
  it("deploys to a fresh chain from environment variables and writes deployments/<chainId>.json", async () => {
    const fresh = await startAnvil({ chainId: 4343 });
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/deploy.ts"], {
        cwd: contractsDir,
        env: {
          ...process.env,
          RPC_URL: fresh.rpcUrl,
          DEPLOYER_PRIVATE_KEY: anvilKeys[0],
          OPERATOR_ADDRESS: privateKeyToAccount(anvilKeys[1]).address,
          DEPLOYMENTS_DIR: dir,
          PUBLIC_API_URL: "https://api.farm.example/",
          // A chain without a preset: the vault is seeded only when asked.
          VAULT_FUNDING_GOLD: String(deployDefaults.vaultFunding / 10n ** 18n),
        },
      });
      expect(stdout).toContain("4343.json");
      // What an operator needs to verify the contracts on an explorer.
      expect(stdout).toContain(
        `standard JSON input (all five contracts): ${join(dir, "4343.standard-input.json")}`,
      );
      expect(stdout).toMatch(/FarmNFT\s+0x[0-9a-fA-F]{40} constructor arguments [0-9a-f]+/);
      const input = JSON.parse(await readFile(join(dir, "4343.standard-input.json"), "utf8"));
      expect(Object.keys(input.sources)).toContain("FarmNFT.sol");
      const written = JSON.parse(await readFile(join(dir, "4343.json"), "utf8"));
      expect(written.chainId).toBe(4343);
      const deployment = await loadDeployment(4343, dir);
      const publicClient = createPublicClient({ transport: http(fresh.rpcUrl) });
      const code = await publicClient.getCode({ address: deployment.farmNft });
      expect(code?.length).toBeGreaterThan(2);
      expect(deployment.farmMarket).toBeDefined();
      expect(stdout).toMatch(/FarmMarket\s+0x[0-9a-fA-F]{40} constructor arguments [0-9a-f]+/);
      const freeReserve = await publicClient.readContract({
        address: deployment.goldToken,
        abi: goldTokenAbi,
        functionName: "balanceOf",
        args: [deployment.farmVault],
      });
      expect(freeReserve).toBe(deployDefaults.vaultFunding);
      // Wallets substitute {id}: every token's URI is the backend's metadata route.
      const uri = await publicClient.readContract({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "uri",
        args: [1n],
      });
      expect(uri).toBe("https://api.farm.example/api/metadata/{id}");
      const operatorRole = await publicClient.readContract({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "hasRole",
        args: [roles.OPERATOR_ROLE, privateKeyToAccount(anvilKeys[1]).address],
      });
      expect(operatorRole).toBe(true);
    } finally {
      await fresh.stop();
    }
    // A child process that compiles its TypeScript and deploys five contracts: over a minute on a loaded machine.
  }, 180_000);

  it("stops with one line per bad variable", async () => {
    const failure = await run(process.execPath, ["--import", "tsx", "scripts/deploy.ts"], {
      cwd: contractsDir,
      env: { ...process.env, RPC_URL: "not a url", DEPLOYER_PRIVATE_KEY: "0x1234" },
    }).catch((error: { stderr: string; code: number }) => error);
    expect("code" in failure && failure.code).toBe(1);
    expect("stderr" in failure ? failure.stderr : "").toMatch(/RPC_URL/);
    expect("stderr" in failure ? failure.stderr : "").toMatch(/DEPLOYER_PRIVATE_KEY/);
  });
});
