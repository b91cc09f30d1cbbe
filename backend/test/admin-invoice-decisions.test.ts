import { farmNftAbi, goldTokenAbi, roles, waitForReceipt } from "@farm/contracts";
import type { DefaultedInvoice, InvoiceDecision } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { eq } from "drizzle-orm";
import type { Hash, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainTimeTtlMs } from "../src/chain/clock";
import { chainInvoices, invoiceReviews } from "../src/db/schema";
import { indexNow, signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import { buyerDueDate, invoiceForm } from "./fixtures";
import { randomAccount, signIn, type TestApp, testBackends } from "./helpers";

const admin = privateKeyToAccount(anvilKeys[0]);
const tenorDays = 60;

describe.each(testBackends)("admin invoice decisions on $name (anvil)", { timeout: 180_000 }, ({ kind }) => {
  let farm: FarmChain;
  let driver: FarmDriver;
  let t: TestApp;
  let farmer: LocalAccount;
  let farmerCookie: string;
  let adminCookie: string;
  let numbers = 0;

  beforeAll(async () => {
    farm = await startFarmChain();
    driver = new FarmDriver(farm);
    t = await startChainApp(farm, kind);
    farmer = randomAccount();
    ({ cookie: farmerCookie } = await signInFarmer(t, farmer));
    adminCookie = await signIn(t.app, admin);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const post = (url: string, cookie: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: cookie ? { cookie } : {}, payload });
  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  /** An invoice submitted through the API (no buyer answer): pending on chain. */
  async function submitted(): Promise<bigint> {
    const form = invoiceForm({
      invoiceNumber: `DEC-${++numbers}`,
      buyerName: "PT Pangan Sejahtera",
      buyerContact: "finance@pangansejahtera.co.id",
      amount: gold(1000n).toString(),
      yieldBps: 400,
      tenorDays,
      fundingDays: 14,
      dueDate: buyerDueDate,
    });
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie: farmerCookie, ...form.headers },
      payload: form.payload,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return BigInt((reply.json() as { tokenId: string }).tokenId);
  }

  /** Sends a FarmNFT call from the admin and waits for it; a fixed gas limit lets a reverting call be mined. */
  async function adminSends(
    call:
      | { functionName: "approveInvoice" | "markDefaulted" | "settleDefault"; args: [bigint] }
      | { functionName: "rejectInvoice" | "withdrawInvoice"; args: [bigint, string] },
    options: { gas?: bigint } = {},
  ): Promise<Hash> {
    const hash = await farm.admin.writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      ...call,
      ...options,
    } as Parameters<typeof farm.admin.writeContract>[0]);
    await waitForReceipt(farm.publicClient, { hash });
    return hash;
  }

  const rowsFor = (txHash: Hash) =>
    t.app.db.select().from(invoiceReviews).where(eq(invoiceReviews.txHash, txHash));

  it("records an approval only from its mined transaction, sent by this admin to FarmNFT for this invoice", async () => {
    const tokenId = await submitted();
    const other = await submitted();
    const url = `/api/admin/invoices/${tokenId}/approval`;
    const reason = "Buyer confirmed by phone; documents match";
    const unknownHash = `0x${"ab".repeat(32)}`;

    expect((await post(url, "", { txHash: unknownHash, reason })).statusCode).toBe(401);
    expect((await post(url, farmerCookie, { txHash: unknownHash, reason })).statusCode).toBe(403);
    expect((await post(url, adminCookie, { reason })).json().error.code).toBe("VALIDATION_FAILED");
    const noReason = await post(url, adminCookie, { txHash: unknownHash });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().error).toMatchObject({
      code: "APPROVAL_REASON_REQUIRED",
      details: { buyerStatus: "none" },
    });
    expect((await post(url, adminCookie, { txHash: unknownHash, reason })).statusCode).toBe(404);

    // A transaction of another contract, and FarmNFT's approval of another invoice, prove nothing about this one.
    const foreign = await farm.admin.writeContract({
      address: farm.deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "mint",
      args: [admin.address, 1n],
    });
    await waitForReceipt(farm.publicClient, { hash: foreign });
    const foreignReply = await post(url, adminCookie, { txHash: foreign, reason });
    expect(foreignReply.statusCode).toBe(422);
    expect(foreignReply.json().error.code).toBe("DECISION_TX_MISMATCH");
    const otherApproval = await adminSends({ functionName: "approveInvoice", args: [other] });
    expect((await post(url, adminCookie, { txHash: otherApproval, reason })).json().error.code).toBe(
      "DECISION_TX_MISMATCH",
    );

    // Not mined yet: refused until it is.
    await farm.testClient.setAutomine(false);
    const pendingHash = await farm.admin.writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "approveInvoice",
      args: [tokenId],
      gas: 400_000n,
    });
    const pending = await post(url, adminCookie, { txHash: pendingHash, reason });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.code).toBe("TRANSACTION_PENDING");
    await farm.testClient.mine({ blocks: 1 });
    await farm.testClient.setAutomine(true);
    await waitForReceipt(farm.publicClient, { hash: pendingHash });

    // Another admin cannot claim this admin's transaction as theirs.
    const otherAdmin = randomAccount();
    await waitForReceipt(farm.publicClient, {
      hash: await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "grantRole",
        args: [roles.ADMIN_ROLE, otherAdmin.address],
      }),
    });
    const otherAdminCookie = await signIn(t.app, otherAdmin);
    const claimed = await post(url, otherAdminCookie, { txHash: pendingHash, reason });
    expect(claimed.statusCode, claimed.body).toBe(422);
    expect(claimed.json().error.code).toBe("DECISION_TX_MISMATCH");

    const recorded = await post(url, adminCookie, { txHash: pendingHash, reason });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({
      action: "approve",
      reason,
      buyerStatus: "none",
      txHash: pendingHash,
    });
    const again = await post(url, adminCookie, { txHash: pendingHash, reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("DECISION_ALREADY_RECORDED");
    expect(await rowsFor(pendingHash)).toHaveLength(1);

    await indexNow(t);
    const history = (await get("/api/admin/invoices/decisions", adminCookie)).json() as {
      items: InvoiceDecision[];
    };
    expect(history.items.find((item) => item.tokenId === tokenId.toString())).toMatchObject({
      action: "approve",
      reason,
      txHash: pendingHash,
      adminAddress: admin.address,
      chainStatus: "approved",
    });
    expect((await get("/api/admin/invoices/decisions", farmerCookie)).statusCode).toBe(403);
  });

  it("refuses a failed approval with FUNDING_CLOSED once the funding window has closed, and records nothing", async () => {
    const tokenId = await submitted();
    await driver.passDays(15);
    const failed = await adminSends({ functionName: "approveInvoice", args: [tokenId] }, { gas: 400_000n });
    expect((await farm.publicClient.getTransactionReceipt({ hash: failed })).status).toBe("reverted");
    const reply = await post(`/api/admin/invoices/${tokenId}/approval`, adminCookie, {
      txHash: failed,
      reason: "Approving late",
    });
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.code).toBe("FUNDING_CLOSED");
    expect(await rowsFor(failed)).toHaveLength(0);
    // A failed transaction has no events: its input must name this invoice and this decision.
    const otherToken = await submitted();
    const foreignFailure = await post(`/api/admin/invoices/${otherToken}/approval`, adminCookie, {
      txHash: failed,
      reason: "Approving late",
    });
    expect(foreignFailure.statusCode).toBe(422);
    expect(foreignFailure.json().error.code).toBe("DECISION_TX_MISMATCH");

    // Any other failed decision is TRANSACTION_REVERTED: settling an invoice that is not defaulted.
    const settle = await adminSends({ functionName: "settleDefault", args: [tokenId] }, { gas: 400_000n });
    const refused = await post(`/api/admin/invoices/${tokenId}/settlement`, adminCookie, {
      txHash: settle,
      reason: "Recovery closed",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("TRANSACTION_REVERTED");
    expect(await rowsFor(settle)).toHaveLength(0);
  });

  it("records a rejection with the reason it sent on chain, and only that reason", async () => {
    const tokenId = await submitted();
    const url = `/api/admin/invoices/${tokenId}/rejection`;
    const reason = "The buyer's company is not registered at that address";
    const hash = await adminSends({ functionName: "rejectInvoice", args: [tokenId, reason] });
    expect((await post(url, adminCookie, { txHash: hash })).statusCode).toBe(400);
    expect((await post(url, adminCookie, { txHash: hash, reason: "x".repeat(501) })).statusCode).toBe(400);
    const other = await post(url, adminCookie, { txHash: hash, reason: "Another reason entirely" });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("DECISION_TX_MISMATCH");
    const recorded = await post(url, adminCookie, { txHash: hash, reason });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ action: "reject", reason, txHash: hash });
    const evidence = (await get(`/api/invoices/${tokenId}/evidence`, farmerCookie)).json();
    expect(evidence.reviews).toEqual([expect.objectContaining({ action: "reject", reason, txHash: hash })]);
  });

  it("lists a defaulted invoice with its recoveries, and records the default and the settlement with their reasons", async () => {
    const tokenId = await submitted();
    const investor = farm.wallet(anvilKeys[5]);
    await adminSends({ functionName: "approveInvoice", args: [tokenId] });
    await driver.invest(investor, tokenId, gold(1000n));
    await driver.passDays(tenorDays + 181);
    const defaulted = await adminSends({ functionName: "markDefaulted", args: [tokenId] });
    const { blockNumber } = await farm.publicClient.getTransactionReceipt({ hash: defaulted });
    const defaultedAt = (await farm.publicClient.getBlock({ blockNumber })).timestamp;

    // The farmer repays part of it after the default: the holders' recovery.
    const payer = farm.wallet(anvilKeys[6]);
    await driver.fundGold(payer, gold(400n));
    await waitForReceipt(farm.publicClient, {
      hash: await payer.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "repay",
        args: [tokenId, gold(400n)],
      }),
    });
    await indexNow(t);
    const listed = await get("/api/admin/invoices/defaulted", adminCookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { items: DefaultedInvoice[] }).items).toContainEqual(
      expect.objectContaining({
        tokenId: tokenId.toString(),
        invoiceNumber: `DEC-${numbers}`,
        amount: gold(1000n).toString(),
        repaidAtDefault: "0",
        repaid: gold(400n).toString(),
        repaidSinceDefault: gold(400n).toString(),
        settleableAt: new Date(Number(defaultedAt + 30n * 86_400n) * 1000).toISOString(),
      }),
    );
    // The admin page's blockers follow the contract: no settlement inside the recovery window.
    const invoice = (await get(`/api/invoices/${tokenId}`, adminCookie)).json();
    expect(invoice.state).toMatchObject({ name: "defaulted", adminAction: null });
    const early = await adminSends({ functionName: "settleDefault", args: [tokenId] }, { gas: 400_000n });
    const refusedEarly = await post(`/api/admin/invoices/${tokenId}/settlement`, adminCookie, {
      txHash: early,
      reason: "Too early",
    });
    expect(refusedEarly.json().error.code).toBe("TRANSACTION_REVERTED");
    expect((await get("/api/admin/invoices/defaulted", farmerCookie)).statusCode).toBe(403);

    const defaultUrl = `/api/admin/invoices/${tokenId}/default`;
    expect((await post(defaultUrl, adminCookie, { txHash: defaulted })).statusCode).toBe(400);
    const reason = "Unpaid 180 days past the grace period; the buyer stopped answering";
    const recordedDefault = await post(defaultUrl, adminCookie, { txHash: defaulted, reason });
    expect(recordedDefault.statusCode, recordedDefault.body).toBe(201);
    expect(recordedDefault.json()).toMatchObject({ action: "default", reason, txHash: defaulted });
    // The default's transaction does not prove a settlement.
    expect(
      (
        await post(`/api/admin/invoices/${tokenId}/settlement`, adminCookie, { txHash: defaulted, reason })
      ).json().error.code,
    ).toBe("DECISION_TX_MISMATCH");

    await driver.passDays(30);
    await indexNow(t);
    // The API reuses one reading of the chain head's time for chainTimeTtlMs.
    await new Promise((resolve) => setTimeout(resolve, chainTimeTtlMs + 100));
    const due = (await get(`/api/invoices/${tokenId}`, adminCookie)).json();
    expect(due.state).toMatchObject({ adminAction: "settleDefault" });
    const settled = await adminSends({ functionName: "settleDefault", args: [tokenId] });
    const settleReason = "The farmer repaid 400 GOLD; recovery closed";
    const recordedSettle = await post(`/api/admin/invoices/${tokenId}/settlement`, adminCookie, {
      txHash: settled,
      reason: settleReason,
    });
    expect(recordedSettle.statusCode, recordedSettle.body).toBe(201);
    await indexNow(t);
    const after = (await get("/api/admin/invoices/defaulted", adminCookie)).json() as {
      items: DefaultedInvoice[];
    };
    expect(after.items.map((item) => item.tokenId)).not.toContain(tokenId.toString());
    const history = (await get("/api/admin/invoices/decisions", adminCookie)).json() as {
      items: InvoiceDecision[];
    };
    expect(
      history.items
        .filter((item) => item.tokenId === tokenId.toString())
        .map((item) => [item.action, item.reason]),
    ).toEqual([
      ["settle", settleReason],
      ["default", reason],
    ]);
    expect(history.items.find((item) => item.action === "settle")?.chainStatus).toBe("settled");
  });

  it("records a withdrawal with the reason it sent on chain; the index follows: cancelled, holders refund", async () => {
    const tokenId = await submitted();
    const investor = farm.wallet(anvilKeys[5]);
    await adminSends({ functionName: "approveInvoice", args: [tokenId] });
    await driver.invest(investor, tokenId, gold(300n));
    const url = `/api/admin/invoices/${tokenId}/withdrawal`;
    const reason = "The buyer disputed the invoice after approval";
    const hash = await adminSends({ functionName: "withdrawInvoice", args: [tokenId, reason] });
    expect((await post(url, adminCookie, { txHash: hash })).statusCode).toBe(400);
    expect((await post(url, farmerCookie, { txHash: hash, reason })).statusCode).toBe(403);
    const other = await post(url, adminCookie, { txHash: hash, reason: "Another reason" });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe("DECISION_TX_MISMATCH");
    const recorded = await post(url, adminCookie, { txHash: hash, reason });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ action: "withdraw", reason, txHash: hash });
    expect((await post(url, adminCookie, { txHash: hash, reason })).json().error.code).toBe(
      "DECISION_ALREADY_RECORDED",
    );
    await indexNow(t);
    const invoice = (await get(`/api/invoices/${tokenId}`, adminCookie)).json();
    expect(invoice).toMatchObject({ status: "cancelled", state: { name: "cancelled" } });
    const [row] = await t.app.db.select().from(chainInvoices).where(eq(chainInvoices.tokenId, tokenId));
    expect(row).toMatchObject({ status: "cancelled", withdrawalReason: reason });
    // Its farmer and admins read the reason; other wallets do not.
    expect((await get(`/api/invoices/${tokenId}`, farmerCookie)).json().withdrawalReason).toBe(reason);
    const anyone = await t.app.inject({ method: "GET", url: `/api/invoices/${tokenId}` });
    expect(anyone.json()).toMatchObject({ status: "cancelled", withdrawalReason: null });
    const history = (await get("/api/admin/invoices/decisions", adminCookie)).json() as {
      items: InvoiceDecision[];
    };
    expect(history.items.find((item) => item.txHash === hash)).toMatchObject({
      action: "withdraw",
      chainStatus: "cancelled",
    });
  });

  it("describes the decision routes in the OpenAPI document", async () => {
    const openapi = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      "/api/admin/invoices/{tokenId}/approval",
      "/api/admin/invoices/{tokenId}/rejection",
      "/api/admin/invoices/{tokenId}/default",
      "/api/admin/invoices/{tokenId}/settlement",
      "/api/admin/invoices/{tokenId}/withdrawal",
      "/api/admin/invoices/decisions",
      "/api/admin/invoices/defaulted",
    ])
      expect(openapi.paths, path).toHaveProperty([path]);
  });
});
