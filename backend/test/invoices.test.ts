import { farmNftAbi } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import { count, eq } from "drizzle-orm";
import type { LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../src/chain/adapter";
import { chainTimeTtlMs } from "../src/chain/clock";
import { invoices } from "../src/db/schema";
import { invoiceReferenceHash } from "../src/services/invoices/reference";
import { indexNow, signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "./chain-fixture";
import { buyerDueDate, type FilePart, invoiceDocument, invoiceForm, invoiceRequest } from "./fixtures";
import { randomAccount, signIn, type TestApp } from "./helpers";

const validInvoice = (invoiceNumber: string) => invoiceRequest(invoiceNumber);

describe("invoices API (anvil + PGlite)", { timeout: 120_000 }, () => {
  let farm: FarmChain;
  let testApp: TestApp;
  let farmer: LocalAccount;
  let farmerCookie: string;

  const post = (
    body: unknown,
    headers: Record<string, string> = {},
    cookie = farmerCookie,
    files?: FilePart[],
  ) => {
    const form = invoiceForm(body, files);
    return testApp.app.inject({
      method: "POST",
      url: "/api/invoices",
      payload: form.payload,
      headers: { cookie, ...form.headers, ...headers },
    });
  };
  const invoiceCount = async () =>
    farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "invoiceCount",
    });

  beforeAll(async () => {
    farm = await startFarmChain();
    testApp = await startChainApp(farm);
    farmer = privateKeyToAccount(anvilKeys[2]);
    ({ cookie: farmerCookie } = await signInFarmer(testApp, farmer));
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await farm?.stop();
  });

  it("tokenises an approved farmer's invoice: 201 with the receipt's token id, then the index shows it with metadata", async () => {
    const reply = await post(validInvoice("INV-100"));
    expect(reply.statusCode).toBe(201);
    const body = reply.json() as { tokenId: string; status: string; txHash: string };
    expect(body.status).toBe("pending");
    expect(body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const onChain = await farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "getInvoice",
      args: [BigInt(body.tokenId)],
    });
    expect(onChain.farmer).toBe(farmer.address);
    expect(onChain.amount).toBe(gold(1500n));

    await indexNow(testApp);
    // Pending, it is its farmer's (and the admins') only.
    const url = `/api/invoices/${body.tokenId}`;
    expect((await testApp.app.inject({ method: "GET", url })).statusCode).toBe(404);
    const detail = await testApp.app.inject({ method: "GET", url, headers: { cookie: farmerCookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      tokenId: body.tokenId,
      farmer: farmer.address,
      status: "pending",
      amount: gold(1500n).toString(),
      yieldBps: 400,
      annualYieldBps: Math.floor((400 * 365) / 60),
      tenorDays: 60,
      metadata: { invoiceNumber: "INV-100", buyerName: "PT Pangan Sejahtera", dueDate: buyerDueDate },
    });
  });

  it("answers a retry with the same Idempotency-Key with the first answer and tokenises nothing new", async () => {
    const headers = { "idempotency-key": "retry-key-0001" };
    const first = await post(validInvoice("INV-200"), headers);
    expect(first.statusCode).toBe(201);
    const before = await invoiceCount();
    const second = await post(validInvoice("INV-200"), headers);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await invoiceCount()).toBe(before);
  });

  it("refuses the same invoice number and buyer twice for one farmer with 409, whatever the letter case", async () => {
    expect((await post(validInvoice("INV-300"))).statusCode).toBe(201);
    const again = await post({ ...validInvoice("inv-300"), buyerName: "pt pangan  sejahtera" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: "DUPLICATE_INVOICE" } });
  });

  it("gives parallel submissions distinct token ids: operator nonces never collide", async () => {
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => post(validInvoice(`PAR-${n}`))));
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(replies.map((r) => (r.json() as { tokenId: string }).tokenId));
    expect(ids.size).toBe(5);
  });

  it("refuses anonymous callers (401), investors (403) and farmers not yet approved (403)", async () => {
    expect((await post(validInvoice("X-1"), {}, "")).statusCode).toBe(401);
    const investorCookie = await signIn(testApp.app, randomAccount());
    expect((await post(validInvoice("X-2"), {}, investorCookie)).statusCode).toBe(403);
    const { cookie: pendingCookie } = await signInFarmer(testApp, randomAccount(), "pending_review");
    const pending = await post(validInvoice("X-3"), {}, pendingCookie);
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("rejects invalid invoices with 400 naming the field, and a past due date with 422", async () => {
    for (const [field, value] of [
      ["amount", "0"],
      ["amount", "1.5"],
      ["tenorDays", 3],
      ["yieldBps", 20_000],
      ["invoiceNumber", ""],
      ["dueDate", "31-01-2099"],
    ] as const) {
      const reply = await post({ ...validInvoice("BAD-1"), [field]: value });
      expect(reply.statusCode, `${field}=${value}`).toBe(400);
      expect(JSON.stringify(reply.json())).toContain(field);
    }
    const past = await post({ ...validInvoice("BAD-2"), dueDate: "2001-01-01" });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({ error: { code: "DUE_DATE_NOT_IN_FUTURE" } });
    // Investors fund before the buyer pays: a due date inside the funding window is refused, naming the first day.
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const early = await post({ ...validInvoice("BAD-3"), dueDate: soon, fundingDays: 10 });
    expect(early.statusCode).toBe(422);
    const earliest = new Date(Date.now() + 11 * 86_400_000).toISOString().slice(0, 10);
    expect(early.json()).toMatchObject({
      error: { code: "DUE_DATE_BEFORE_FUNDING_CLOSES", details: { earliest } },
    });
    // A mistyped year: more than the longest term (365 days) after the funding window closes, naming the last day.
    const far = await post({ ...validInvoice("BAD-4"), dueDate: "2099-01-31", fundingDays: 10 });
    expect(far.statusCode).toBe(422);
    const latest = new Date(Date.now() + (10 + 365) * 86_400_000).toISOString().slice(0, 10);
    expect(far.json()).toMatchObject({ error: { code: "DUE_DATE_TOO_FAR", details: { latest } } });
  });

  it("answers 503 and leaves no invoice row when the chain is unreachable", async () => {
    const live = { publicClient: testApp.app.chain.publicClient, operator: testApp.app.chain.operator };
    const down = createChainClients({
      rpcUrl: "http://127.0.0.1:9",
      chainId: farm.anvil.chainId,
      operatorPrivateKey: anvilKeys[1],
      requestTimeoutMs: 1_000,
    });
    Object.assign(testApp.app.chain, down);
    try {
      const reply = await post(validInvoice("DOWN-1"), { "idempotency-key": "down-key-0001" });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ error: { code: "SERVICE_UNAVAILABLE" } });
      const [left] = await testApp.app.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.invoiceNumber, "DOWN-1"));
      expect(left?.n).toBe(0);
    } finally {
      Object.assign(testApp.app.chain, live);
    }
    // Nothing half-made blocks the retry once the chain is back.
    expect((await post(validInvoice("DOWN-1"), { "idempotency-key": "down-key-0001" })).statusCode).toBe(201);
  });

  it("completes a submission reported as dropped once it is mined, when the farmer retries", async () => {
    const rpc = (method: string, params: unknown[] = []) =>
      farm.publicClient.request({ method, params } as never) as Promise<unknown>;
    const operatorWith = (receiptTimeoutMs?: number) =>
      createChainClients({
        rpcUrl: farm.anvil.rpcUrl,
        chainId: farm.anvil.chainId,
        operatorPrivateKey: anvilKeys[1],
        receiptTimeoutMs,
      }).operator;
    // Blocks stop coming, so the operator's short wait for the receipt runs out while the transaction is pending.
    Object.assign(testApp.app.chain, { operator: operatorWith(300) });
    await rpc("evm_setAutomine", [false]);
    const document = invoiceDocument();
    try {
      const dropped = await post(validInvoice("SLOW-1"), {}, farmerCookie, [document]);
      expect(dropped.statusCode).toBe(503);
    } finally {
      await rpc("evm_mine");
      await rpc("evm_setAutomine", [true]);
      // A fresh operator: the old one's nonce count is behind the transaction mined meanwhile.
      Object.assign(testApp.app.chain, { operator: operatorWith() });
    }
    const tokenId = await farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "tokenIdByReference",
      args: [invoiceReferenceHash(farmer.address, "SLOW-1", validInvoice("SLOW-1").buyerName)],
    });
    expect(tokenId).toBeGreaterThan(0n);
    const [left] = await testApp.app.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, "SLOW-1"));
    expect(left?.n).toBe(0);

    // A retry with other terms cannot claim the mined invoice, and leaves nothing behind.
    const otherTerms = await post(
      { ...validInvoice("SLOW-1"), amount: gold(1_499n).toString() },
      {},
      farmerCookie,
      [document],
    );
    expect(otherTerms.statusCode).toBe(409);
    expect(otherTerms.json()).toMatchObject({ error: { code: "DUPLICATE_INVOICE" } });
    // Nor can a retry with another document: the mined invoice committed to the first one's SHA-256.
    const otherDocument = await post(validInvoice("SLOW-1"));
    expect(otherDocument.statusCode).toBe(409);
    expect(otherDocument.json()).toMatchObject({ error: { code: "DUPLICATE_INVOICE" } });

    const before = await invoiceCount();
    const retry = await post(validInvoice("SLOW-1"), {}, farmerCookie, [document]);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ tokenId: tokenId.toString(), status: "pending" });
    expect(await invoiceCount()).toBe(before);
    await indexNow(testApp);
    const detail = await testApp.app.inject({
      method: "GET",
      url: `/api/invoices/${tokenId}`,
      headers: { cookie: farmerCookie },
    });
    expect(detail.json()).toMatchObject({
      tokenId: tokenId.toString(),
      metadata: { invoiceNumber: "SLOW-1" },
    });
  });

  // Before the tests that drive the operator key directly (FarmDriver), which leaves the backend's nonce behind;
  // the clock it moves forward only meets chain-relative deadlines after it.
  it("opens the funding window at the chain's time, also when the chain's clock runs ahead of the server's", async () => {
    await new FarmDriver(farm).passDays(30);
    const before = (await farm.publicClient.getBlock()).timestamp;
    const reply = await post(validInvoice("INV-CLOCK-AHEAD"));
    expect(reply.statusCode, reply.body).toBe(201);
    const { tokenId } = reply.json() as { tokenId: string };
    const onChain = await farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "getInvoice",
      args: [BigInt(tokenId)],
    });
    const after = (await farm.publicClient.getBlock()).timestamp;
    const window = BigInt(validInvoice("x").fundingDays * 86_400);
    expect(BigInt(onChain.fundingDeadline)).toBeGreaterThanOrEqual(before + window);
    expect(BigInt(onChain.fundingDeadline)).toBeLessThanOrEqual(after + window);
  });

  it("lists invoices newest first by status and farmer with cursor pagination", async () => {
    const other = randomAccount();
    const { cookie: otherCookie } = await signInFarmer(testApp, other);
    const theirs = (await post(validInvoice("OTHER-1"), {}, otherCookie)).json() as { tokenId: string };
    const driver = new FarmDriver(farm);
    const opened = await driver.openInvoice(farmer.address, gold(10n));
    await indexNow(testApp);

    const approved = await testApp.app.inject({ method: "GET", url: "/api/invoices?status=approved" });
    expect((approved.json() as { items: { tokenId: string }[] }).items.map((i) => i.tokenId)).toEqual([
      opened.toString(),
    ]);
    const byOther = (cookie?: string) =>
      testApp.app.inject({
        method: "GET",
        url: `/api/invoices?farmer=${other.address}`,
        headers: cookie ? { cookie } : {},
      });
    const ids = async (reply: Promise<{ json(): unknown }>) =>
      ((await reply).json() as { items: { tokenId: string }[] }).items.map((i) => i.tokenId);
    // Its pending invoice is listed to the farmer, and to nobody else.
    expect(await ids(byOther(otherCookie))).toEqual([theirs.tokenId]);
    expect(await ids(byOther())).toEqual([]);
    expect(await ids(byOther(farmerCookie))).toEqual([]);
    const adminCookie = await signIn(testApp.app, privateKeyToAccount(anvilKeys[0]));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await testApp.app.inject({
        method: "GET",
        url: `/api/invoices?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        headers: { cookie: adminCookie },
      });
      expect(page.statusCode).toBe(200);
      const body = page.json() as { items: { tokenId: string }[]; nextCursor: string | null };
      expect(body.items.length).toBeLessThanOrEqual(3);
      seen.push(...body.items.map((i) => i.tokenId));
      cursor = body.nextCursor;
    } while (cursor);
    const total = Number(await invoiceCount());
    expect(seen).toEqual(Array.from({ length: total }, (_, n) => String(total - n)));
  });

  it("tells each invoice's state at the chain's clock and its farmer's track record from the index", async () => {
    const driver = new FarmDriver(farm);
    const owner = randomAccount().address;
    const investor = farm.wallet(anvilKeys[9]!);
    const repaid = await driver.openInvoice(owner, gold(10n));
    const lapsed = await driver.openInvoice(owner, gold(10n));
    const late = await driver.openInvoice(owner, gold(10n));
    await driver.invest(investor, repaid, gold(10n));
    await driver.invest(investor, late, gold(10n));
    await driver.repayInFull(investor, repaid);
    await driver.passDays(31);
    await indexNow(testApp);
    // The API reuses one reading of the chain head's time for chainTimeTtlMs.
    await new Promise((resolve) => setTimeout(resolve, chainTimeTtlMs + 100));

    const reply = await testApp.app.inject({ method: "GET", url: `/api/invoices?farmer=${owner}` });
    const items = (
      reply.json() as { items: { tokenId: string; status: string; state: unknown; farmerRecord: unknown }[] }
    ).items;
    const byId = (id: bigint) => items.find((item) => item.tokenId === id.toString());
    expect(byId(repaid)).toMatchObject({ status: "repaid", state: { name: "repaid", farmerAction: null } });
    expect(byId(lapsed)).toMatchObject({
      status: "approved",
      state: { name: "expired", farmerAction: null },
    });
    expect(byId(late)).toMatchObject({ status: "funded", state: { name: "overdue", farmerAction: "repay" } });
    // The late invoice is a day past maturity, within its grace: the record counts it as in grace.
    for (const item of items)
      expect(item.farmerRecord).toEqual({ repaid: 1, onTime: 1, defaulted: 0, inGrace: 1, overdue: 0 });
  });

  it("shows each invoice's farm name, region and crops from the farmer's registration, and nothing private", async () => {
    const driver = new FarmDriver(farm);
    const registered = await driver.openInvoice(farmer.address, gold(20n));
    const unregistered = await driver.openInvoice(randomAccount().address, gold(20n));
    await indexNow(testApp);

    const detail = await testApp.app.inject({ method: "GET", url: `/api/invoices/${registered}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().farmerProfile).toEqual({
      businessName: "Tani Makmur",
      province: "Jawa Barat",
      city: "Bandung",
      crops: ["rice"],
    });
    for (const secret of ["test-ciphertext", "Siti Rahayu", "siti@example.com", "+6281234567890", "BRI"]) {
      expect(detail.body).not.toContain(secret);
    }

    const page = await testApp.app.inject({ method: "GET", url: "/api/invoices?status=approved&limit=100" });
    const items = (page.json() as { items: { tokenId: string; farmerProfile: unknown }[] }).items;
    const byId = new Map(items.map((item) => [item.tokenId, item.farmerProfile]));
    expect(byId.get(registered.toString())).toEqual({
      businessName: "Tani Makmur",
      province: "Jawa Barat",
      city: "Bandung",
      crops: ["rice"],
    });
    expect(byId.get(unregistered.toString())).toBeNull();
  });

  it("answers 404 for an unknown token id and 400 for a malformed one or a bad cursor", async () => {
    expect((await testApp.app.inject({ method: "GET", url: "/api/invoices/999999" })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: "GET", url: "/api/invoices/abc" })).statusCode).toBe(400);
    expect((await testApp.app.inject({ method: "GET", url: "/api/invoices?cursor=%%%" })).statusCode).toBe(
      400,
    );
    expect((await testApp.app.inject({ method: "GET", url: "/api/invoices?status=lost" })).statusCode).toBe(
      400,
    );
  });

  it("reports chain head, indexed block and lag in /api/health", async () => {
    await indexNow(testApp);
    const health = (await testApp.app.inject({ method: "GET", url: "/api/health" })).json() as {
      chain: { head: number; indexed: number; lag: number };
    };
    expect(health.chain.head).toBeGreaterThan(0);
    expect(health.chain.indexed).toBe(health.chain.head);
    expect(health.chain.lag).toBe(0);
  });
});
