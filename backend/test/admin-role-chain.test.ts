import { farmNftAbi, roles, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { randomAccount, signIn, startTestApp, type TestApp } from "./helpers";

describe("admin role read from FarmNFT on anvil", () => {
  let chain: FarmChain;
  let t: TestApp;

  beforeAll(async () => {
    chain = await startFarmChain();
    const { goldToken, goldFaucet, farmNft, farmVault } = chain.deployment;
    t = await startTestApp({
      env: {
        RPC_URL: chain.anvil.rpcUrl,
        CHAIN_ID: String(chain.anvil.chainId),
        INDEXER_START_BLOCK: String(chain.deployment.blockNumber),
        INDEXER_POLL_INTERVAL_MS: "200",
      },
      contracts: { goldToken, goldFaucet, farmNft, farmVault },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  const rolesOf = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } })).json().roles;

  it("makes the holder of ADMIN_ROLE an admin", async () => {
    const cookie = await signIn(t.app, privateKeyToAccount(anvilKeys[0]));
    expect(await rolesOf(cookie)).toEqual(["investor", "admin"]);
  });

  it("does not make a wallet without ADMIN_ROLE an admin", async () => {
    const cookie = await signIn(t.app, randomAccount());
    expect(await rolesOf(cookie)).toEqual(["investor"]);
  });

  it("sees a role granted on chain once the cached identity is refreshed", async () => {
    const account = randomAccount();
    const cookie = await signIn(t.app, account);
    expect(await rolesOf(cookie)).toEqual(["investor"]);
    const hash = await chain.admin.writeContract({
      address: chain.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "grantRole",
      args: [roles.ADMIN_ROLE, account.address],
    });
    await waitForReceipt(chain.publicClient, { hash });
    // Cached for at most identityTtlMs; dropping the entry stands in for waiting out the TTL.
    expect(await rolesOf(cookie)).toEqual(["investor"]);
    await t.app.identity.invalidate(account.address);
    expect(await rolesOf(cookie)).toEqual(["investor", "admin"]);
  });

  it("drops admin rights within 5 s of a RoleRevoked the indexer sees, though the identity is cached for 30 s", async () => {
    const account = randomAccount();
    const grant = await chain.admin.writeContract({
      address: chain.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "grantRole",
      args: [roles.ADMIN_ROLE, account.address],
    });
    await waitForReceipt(chain.publicClient, { hash: grant });
    const cookie = await signIn(t.app, account);
    expect(await rolesOf(cookie)).toEqual(["investor", "admin"]);
    const revoke = await chain.admin.writeContract({
      address: chain.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "revokeRole",
      args: [roles.ADMIN_ROLE, account.address],
    });
    await waitForReceipt(chain.publicClient, { hash: revoke });
    const revokedAt = Date.now();
    while ((await rolesOf(cookie)).includes("admin")) {
      expect(Date.now() - revokedAt).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const admin = await t.app.inject({ method: "GET", url: "/api/admin/farmers", headers: { cookie } });
    expect(admin.statusCode).toBe(403);
  });
});

describe("admin role when the chain is unreachable", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { RPC_URL: "http://127.0.0.1:9" },
      contracts: {
        goldToken: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        goldFaucet: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512",
        farmNft: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
        farmVault: "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9",
      },
    });
  });
  afterAll(() => t.close());

  it("still signs the wallet in, without the admin role", async () => {
    const cookie = await signIn(t.app, randomAccount());
    const session = await t.app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().roles).toEqual(["investor"]);
  });
});
