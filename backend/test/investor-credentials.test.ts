import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { ONE_GOLD, RISK_STATEMENT_VERSION } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { eq } from "drizzle-orm";
import type { Address, LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTimeTtlMs } from "../src/chain/clock";
import { chainCredentials, investorVerifications } from "../src/db/schema";
import { scanCredentialExpiry } from "../src/notifications/investor-actions";
import { reconcileCredentialWrites } from "../src/services/investors/credential-reconciler";
import { indexNow, openInvoiceViaApi, signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import { buyerDueDate, investorForm, investorVerification, invoiceForm } from "./fixtures";
import { signIn, type TestApp, testBackends } from "./helpers";

const admin = privateKeyToAccount(anvilKeys[0]);

describe.each(testBackends)("investor credentials on $name (anvil)", { timeout: 240_000 }, ({ kind }) => {
  let farm: FarmChain;
  let driver: FarmDriver;
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    farm = await startFarmChain();
    driver = new FarmDriver(farm);
    t = await startChainApp(
      farm,
      kind,
      {
        // The crash-recovery test runs the reconciler itself: the app's own run every 5 s could complete the write
        // it staged first (a CI run met that: completed 0 where 1 was expected).
        SUBMISSION_RECONCILE_INTERVAL_MS: "3600000",
        ...(process.env.B1_LOG ? { LOG_LEVEL: "error" } : {}),
      },
      process.env.B1_LOG ? process.stderr : undefined,
    );
    adminCookie = await signIn(t.app, admin);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: "POST", url, headers: { cookie }, payload });
  const credentialOf = (wallet: Address) =>
    farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "credentialOf",
      args: [wallet],
    });
  /** The wallet's notifications; `subject` is the last part of the idempotency key (kind|recipient|subject). */
  const noticesOf = async (wallet: string) =>
    (
      (await t.app.db.execute(
        `select kind, split_part(idempotency_key, '|', 3) as subject, params from notifications where recipient = '${wallet.toLowerCase()}' order by id` as never,
      )) as unknown as { rows: { kind: string; subject: string; params: Record<string, string> }[] }
    ).rows;

  /** A fresh wallet that sent a verification (240,000,000 Rupiah a year, retail unless told). */
  async function applicant(overrides: Record<string, unknown> = {}) {
    const key = generatePrivateKey();
    const account: LocalAccount = privateKeyToAccount(key);
    // Gas money, for the wallet's own transactions (approve, invest).
    await farm.testClient.setBalance({ address: account.address, value: 10n ** 20n });
    const cookie = await signIn(t.app, account);
    const fields = investorVerification(overrides);
    const form = investorForm(fields);
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...form.headers, cookie },
      payload: form.payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return { account, key, cookie, fields, id: reply.json().id as string };
  }

  async function approved(overrides: Record<string, unknown> = {}) {
    const who = await applicant(overrides);
    const reply = await post(`/api/admin/investors/${who.id}/approve`, adminCookie);
    expect(reply.statusCode, reply.body).toBe(200);
    return { ...who, approval: reply.json() };
  }

  it("verifies end to end: queue, approval writes the credential on chain, indexed; risk accepted, the wallet may invest", async () => {
    const who = await applicant();
    const queue = await get("/api/admin/investors?status=pending", adminCookie);
    expect(queue.json().items.map((item: { id: string }) => item.id)).toContain(who.id);

    const before = Math.floor(Date.now() / 1000);
    const reply = await post(`/api/admin/investors/${who.id}/approve`, adminCookie);
    expect(reply.statusCode, reply.body).toBe(200);
    // 240,000,000 Rupiah x 10 % at 16,000 Rupiah a GOLD = 1,500 GOLD.
    const limit = (1500n * ONE_GOLD).toString();
    expect(reply.json()).toMatchObject({
      status: "approved",
      limit,
      credentialTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      credential: {
        tier: "retail",
        frozen: false,
        expired: false,
        limit,
        outstanding: "0",
        available: limit,
      },
    });
    const onChain = await credentialOf(who.account.address);
    expect(onChain).toMatchObject({ tier: 1, frozen: false, limit: 1500n * ONE_GOLD });
    // One year from the chain's now (anvil's clock follows the wall clock here, within a minute).
    expect(Math.abs(onChain.validUntil - (before + 365 * 86_400))).toBeLessThan(120);

    const me = await get("/api/investors/me", who.cookie);
    expect(me.json()).toMatchObject({
      verification: { status: "approved" },
      credential: { tier: "retail", available: limit },
      canInvest: false,
      blockedBy: "risk-statement",
    });
    await post("/api/investors/risk-acceptance", who.cookie, { version: RISK_STATEMENT_VERSION });
    expect((await get("/api/investors/me", who.cookie)).json()).toMatchObject({
      canInvest: true,
      blockedBy: null,
    });

    // An investment moves the outstanding principal and what is left.
    const tokenId = await openInvoiceViaApi(t, farm, gold(2000n));
    await driver.invest(farm.wallet(who.key), tokenId, gold(400n));
    await indexNow(t);
    expect((await get("/api/investors/me", who.cookie)).json().credential).toMatchObject({
      outstanding: (400n * ONE_GOLD).toString(),
      available: (1100n * ONE_GOLD).toString(),
    });

    expect(await noticesOf(who.account.address)).toContainEqual(
      expect.objectContaining({
        kind: "investor_approved",
        params: { amount: limit, date: expect.any(String) },
      }),
    );
    const history = await get(`/api/admin/investors/reviews?wallet=${who.account.address}`, adminCookie);
    expect(history.json().items).toEqual([
      expect.objectContaining({ action: "approve", txHash: reply.json().credentialTxHash }),
    ]);
    const again = await post(`/api/admin/investors/${who.id}/approve`, adminCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("VERIFICATION_NOT_PENDING");
  });

  it("sets a professional's limit at 20 % of income", async () => {
    const { approval } = await approved({
      tier: "professional",
      professionalReason: "Licensed fund manager investing my own savings.",
      annualIncomeRupiah: "800000000",
    });
    expect(approval.limit).toBe((10_000n * ONE_GOLD).toString());
    expect(approval.credential.tier).toBe("professional");
  });

  it("freezes and unfreezes on chain, tells the investor, and blocks it meanwhile", async () => {
    const who = await approved();
    await post("/api/investors/risk-acceptance", who.cookie, { version: RISK_STATEMENT_VERSION });
    const frozen = await post(`/api/admin/investors/${who.id}/freeze`, adminCookie, {
      frozen: true,
      reason: "Suspicious transfers under review",
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toMatchObject({
      reason: "Suspicious transfers under review",
      credential: { frozen: true },
    });
    expect((await credentialOf(who.account.address)).frozen).toBe(true);
    expect((await get("/api/investors/me", who.cookie)).json()).toMatchObject({
      canInvest: false,
      blockedBy: "frozen",
    });
    expect(await noticesOf(who.account.address)).toContainEqual(
      expect.objectContaining({
        kind: "credential_frozen",
        params: { reason: "Suspicious transfers under review" },
      }),
    );
    const lifted = await post(`/api/admin/investors/${who.id}/freeze`, adminCookie, {
      frozen: false,
      reason: "Cleared",
    });
    expect(lifted.json().credential.frozen).toBe(false);
    expect((await get("/api/investors/me", who.cookie)).json().canInvest).toBe(true);
    expect(await noticesOf(who.account.address)).toContainEqual(
      expect.objectContaining({ kind: "credential_unfrozen" }),
    );
    const actions = (
      await get(`/api/admin/investors/reviews?wallet=${who.account.address}`, adminCookie)
    ).json().items;
    expect(actions.map((item: { action: string }) => item.action)).toEqual(["unfreeze", "freeze", "approve"]);
    const pending = await applicant();
    expect(
      (
        await post(`/api/admin/investors/${pending.id}/freeze`, adminCookie, {
          frozen: true,
          reason: "Not yet approved",
        })
      ).statusCode,
    ).toBe(409);
  });

  it("binds a lost wallet's verification to a new one: the old credential is revoked, the NIK moves, one limit", async () => {
    const who = await approved();
    // The lost wallet still holds 400 GOLD of shares: one person's limit, so the new wallet may hold the rest only.
    await driver.invest(farm.wallet(who.key), await openInvoiceViaApi(t, farm, gold(2000n)), gold(400n));
    const rest = (BigInt(who.approval.limit) - 400n * ONE_GOLD).toString();
    const newKey = generatePrivateKey();
    const next = privateKeyToAccount(newKey);
    const reply = await post(`/api/admin/investors/${who.id}/rebind`, adminCookie, {
      wallet: next.address.toLowerCase(),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ wallet: next.address, status: "approved", limit: rest });
    expect((await credentialOf(who.account.address)).tier).toBe(0);
    expect(await credentialOf(next.address)).toMatchObject({ tier: 1, limit: BigInt(rest) });
    expect((await get("/api/investors/me", who.cookie)).json()).toMatchObject({
      verification: { status: "superseded" },
      credential: null,
      blockedBy: "unverified",
    });
    const nextCookie = await signIn(t.app, next);
    expect((await get("/api/investors/me", nextCookie)).json()).toMatchObject({
      verification: { status: "approved" },
      credential: { tier: "retail" },
    });
    // The NIK is the new wallet's now: the old wallet cannot take it back.
    const form = investorForm(investorVerification({ nik: who.fields.nik }));
    const back = await t.app.inject({
      method: "POST",
      url: "/api/investors/verification",
      headers: { ...form.headers, cookie: who.cookie },
      payload: form.payload,
    });
    expect(back.json().error.code).toBe("NIK_ALREADY_VERIFIED");
    const taken = await post(`/api/admin/investors/${reply.json().id}/rebind`, adminCookie, {
      wallet: next.address,
    });
    expect(taken.json().error.code).toBe("WALLET_ALREADY_VERIFIED");
  });

  it("completes a credential write a crash left unrecorded, and releases one that never reached the chain", async () => {
    const mined = await applicant();
    const validUntil = Math.floor(Date.now() / 1000) + 400 * 86_400;
    const planned = {
      action: "approve" as const,
      adminAddress: admin.address,
      reason: null,
      wallet: mined.account.address,
      tier: 1,
      validUntil,
      limit: (1500n * ONE_GOLD).toString(),
      frozen: false,
      txHash: null,
      startedAt: new Date().toISOString(),
    };
    await t.app.db
      .update(investorVerifications)
      .set({ chainAction: planned })
      .where(eq(investorVerifications.id, mined.id));
    // The crash: the credential was written (here by the admin, whose key the app does not use), never recorded.
    await waitForReceipt(farm.publicClient, {
      hash: await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "setCredential",
        args: [mined.account.address, 1, validUntil, 1500n * ONE_GOLD],
      }),
    });
    const lost = await applicant();
    const stale = {
      ...planned,
      wallet: lost.account.address,
      startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    };
    await t.app.db
      .update(investorVerifications)
      .set({ chainAction: stale })
      .where(eq(investorVerifications.id, lost.id));

    // Meanwhile the verification cannot be decided twice.
    expect(
      (await post(`/api/admin/investors/${mined.id}/reject`, adminCookie, { reason: "late" })).statusCode,
    ).toBe(409);
    const result = await reconcileCredentialWrites(t.app, { stuckAfterMs: 60_000 });
    expect(result).toMatchObject({ completed: 1, released: 1 });
    const [row] = await t.app.db
      .select()
      .from(investorVerifications)
      .where(eq(investorVerifications.id, mined.id));
    expect(row).toMatchObject({ status: "approved", chainAction: null, validUntil });
    const [released] = await t.app.db
      .select()
      .from(investorVerifications)
      .where(eq(investorVerifications.id, lost.id));
    expect(released).toMatchObject({ status: "pending", chainAction: null });
    // Nothing recorded that credential ahead: the indexer's projector of CredentialSet does.
    await indexNow(t);
    const [indexed] = await t.app.db
      .select()
      .from(chainCredentials)
      .where(eq(chainCredentials.wallet, mined.account.address));
    expect(indexed).toMatchObject({ tier: 1, validUntil, frozen: false, limit: 1500n * ONE_GOLD });
  });

  it("serves FarmNFT's daily fee cap to the portal", async () => {
    const terms = await get("/api/invoices/terms", adminCookie);
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toMatchObject({
      maxDailyFee: 670,
      minTenorDays: 7,
      maxTenorDays: 365,
      minAmount: gold(100n).toString(),
    });
  });

  it("refuses an invoice whose fee is above the daily cap (422 naming the maximum), storing nothing", async () => {
    const farmer = privateKeyToAccount(generatePrivateKey());
    const { cookie } = await signInFarmer(t, farmer);
    const form = invoiceForm({
      invoiceNumber: "CAP-1",
      buyerName: "PT Pangan Sejahtera",
      buyerContact: "finance@pangansejahtera.co.id",
      amount: gold(1000n).toString(),
      yieldBps: 403,
      tenorDays: 60,
      fundingDays: 14,
      dueDate: buyerDueDate,
    });
    const before = await t.storedKeys();
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode, reply.body).toBe(422);
    // 670 x 60 / 100 = 402 basis points at most for 60 days.
    expect(reply.json().error).toMatchObject({
      code: "FEE_ABOVE_CAP",
      details: { maxYieldBps: 402, maxDailyFee: 670, tenorDays: 60 },
    });
    expect(reply.json().error.message).toContain("402");
    expect(await t.storedKeys()).toEqual(before);
  });

  it("reminds at 30 and 7 days before the credential ends, and says expired at the chain's clock", async () => {
    const who = await approved();
    const validUntil = (await credentialOf(who.account.address)).validUntil;
    const at = (daysBefore: number) => new Date((validUntil - daysBefore * 86_400) * 1000);
    await scanCredentialExpiry(t.app.db, t.app.emailJobs, at(40));
    await scanCredentialExpiry(t.app.db, t.app.emailJobs, at(20));
    await scanCredentialExpiry(t.app.db, t.app.emailJobs, at(19));
    await scanCredentialExpiry(t.app.db, t.app.emailJobs, at(5));
    const reminders = (await noticesOf(who.account.address)).filter((n) => n.kind === "credential_expiring");
    expect(reminders.map((n) => n.subject)).toEqual([`${validUntil}:30`, `${validUntil}:7`]);
    expect(reminders[1]?.params.days).toBe("5");

    await farm.testClient.setNextBlockTimestamp({ timestamp: BigInt(validUntil + 1) });
    await farm.testClient.mine({ blocks: 1 });
    await new Promise((resolve) => setTimeout(resolve, chainTimeTtlMs + 100));
    expect((await get("/api/investors/me", who.cookie)).json()).toMatchObject({
      credential: { expired: true },
      canInvest: false,
      blockedBy: "expired",
    });

    // The wallet is lost after its credential ended: the ended credential cannot be moved (the chain takes only a
    // future validity), and the person verifies afresh from a new wallet, which the ended approval no longer blocks.
    const next = privateKeyToAccount(generatePrivateKey());
    const moved = await post(`/api/admin/investors/${who.id}/rebind`, adminCookie, { wallet: next.address });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe("CREDENTIAL_EXPIRED");
    const again = await applicant({ nik: who.fields.nik });
    const [ended] = await t.app.db
      .select({ status: investorVerifications.status })
      .from(investorVerifications)
      .where(eq(investorVerifications.id, who.id));
    expect(ended?.status).toBe("superseded");
    const approvedAgain = await post(`/api/admin/investors/${again.id}/approve`, adminCookie);
    expect(approvedAgain.statusCode, approvedAgain.body).toBe(200);
    expect((await credentialOf(again.account.address)).tier).toBe(1);
  });
});
