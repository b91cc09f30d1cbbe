import { ONE_GOLD, SETTLED_LOSS_WINDOW_DAYS } from "@farm/core";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/adapters/db/database";
import { chainInvestments, chainRefunds } from "../src/db/schema";
import { readPlatformRecord } from "../src/services/disclosures/disclosures";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { farmerA, farmerB, insertIndexedInvoice, RECORD_NOW } from "./record-fixture";

const DAY = 86_400_000;
const gold = (n: number) => BigInt(n) * ONE_GOLD;
const text = (n: number) => gold(n).toString();
const at = (days: number, ms = 0) => new Date(RECORD_NOW.getTime() + days * DAY + ms);
const lender = (n: number) => getAddress(`0x${n.toString(16).padStart(40, "0")}`);

async function invest(db: Database, tokenId: number, investor: string, amount: bigint, n: number) {
  await db.insert(chainInvestments).values({
    id: `0x${n}:0`,
    tokenId: BigInt(tokenId),
    investor,
    amount,
    blockNumber: 5,
    blockTime: RECORD_NOW,
    txHash: `0x${n}`,
    logIndex: 0,
  });
}

/** A cancelled invoice whose 600 GOLD were invested by lender 1 and refunded: money never lent. */
async function cancelledAndRefunded(db: Database, tokenId: number) {
  await insertIndexedInvoice(db, {
    tokenId,
    farmer: farmerB,
    amount: gold(1000),
    funded: gold(600),
    status: "cancelled",
    maturity: null,
  });
  await invest(db, tokenId, lender(1), gold(600), 1);
  await db.insert(chainRefunds).values({
    id: "0xbb:0",
    tokenId: BigInt(tokenId),
    holder: lender(1),
    shares: gold(600),
    blockNumber: 6,
    blockTime: RECORD_NOW,
    txHash: "0xbb",
  });
}

/**
 * The review's case (decision 0070): nine invoices of 1,000 GOLD settled 20 days after maturity with nothing
 * recovered and one current invoice. Their 9,000 GOLD lost stay outstanding, enter TWP90 past 90 days like any unpaid
 * principal, and leave the rate 365 days after maturity (the loss itself stays in `lostPrincipal`).
 */
describe.each(testBackends)("settled losses in the record on $name", ({ kind }) => {
  let t: TestApp;
  const platform = async (when: Date) => (await readPlatformRecord(t.app.db, when)).record;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    for (let tokenId = 1; tokenId <= 9; tokenId++)
      await insertIndexedInvoice(t.app.db, {
        tokenId,
        farmer: farmerA,
        amount: gold(1000),
        status: "settled",
        maturity: at(-20),
        graceDays: 7,
      });
    await insertIndexedInvoice(t.app.db, {
      tokenId: 10,
      farmer: farmerA,
      amount: gold(1000),
      status: "funded",
      maturity: at(10),
      graceDays: 7,
    });
    await cancelledAndRefunded(t.app.db, 11);
  });
  afterAll(() => t.close());

  it("keeps a prompt settlement's loss outstanding: 20 days past maturity it is not yet in TWP90", async () => {
    expect(await platform(RECORD_NOW)).toMatchObject({
      standing: "measured",
      outstanding: text(10_000),
      outstandingOver90: "0",
      // 20 days late is not "more than 90 days", settled or not; the panel shows the 9,000 lost beside the rate.
      tkb90Bps: 10_000,
      lostPrincipal: text(9000),
      defaulted: 9,
      settled: 9,
    });
  });

  it("counts the loss in TWP90 once more than 90 days past maturity (it used to leave the record: 100 %)", async () => {
    expect(await platform(at(70))).toMatchObject({ outstandingOver90: "0", tkb90Bps: 10_000 });
    expect(await platform(at(70, 1000))).toMatchObject({
      outstanding: text(10_000),
      outstandingOver90: text(9000),
      twp90Bps: 9000,
      tkb90Bps: 1000,
      overdue: 1,
    });
  });

  it("takes the loss out of the rate one second after its window, never out of the principal lost", async () => {
    const closing = SETTLED_LOSS_WINDOW_DAYS - 20;
    expect(await platform(at(closing))).toMatchObject({
      outstanding: text(10_000),
      outstandingOver90: text(10_000),
    });
    expect(await platform(at(closing, 1000))).toMatchObject({
      outstanding: text(1000),
      outstandingOver90: text(1000),
      lostPrincipal: text(9000),
    });
  });

  it("counts as funded only the principal of funded invoices, and their lenders", async () => {
    expect(await readPlatformRecord(t.app.db, RECORD_NOW)).toMatchObject({
      totalFunded: text(10_000),
      lenders: 0,
      borrowers: 1,
    });
  });
});

/** Total funded and lenders count money lent, never money invested in an invoice later cancelled and refunded. */
describe.each(testBackends)("platform totals on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  it("gives 0 for an invoice cancelled and refunded, then the funded invoice's principal and lenders", async () => {
    await cancelledAndRefunded(t.app.db, 1);
    expect(await readPlatformRecord(t.app.db, RECORD_NOW)).toMatchObject({
      totalFunded: "0",
      lenders: 0,
      borrowers: 0,
    });
    await insertIndexedInvoice(t.app.db, {
      tokenId: 2,
      farmer: farmerA,
      amount: gold(1000),
      status: "funded",
      maturity: at(10),
    });
    await invest(t.app.db, 2, lender(2), gold(400), 2);
    await invest(t.app.db, 2, lender(3), gold(600), 3);
    await invest(t.app.db, 2, lender(3), 0n, 4);
    expect(await readPlatformRecord(t.app.db, RECORD_NOW)).toMatchObject({
      totalFunded: text(1000),
      lenders: 2,
      borrowers: 1,
    });
  });
});
