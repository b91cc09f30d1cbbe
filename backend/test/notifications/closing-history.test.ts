import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/adapters/db/database";
import { chainInvoices, chainPositions } from "../../src/db/schema";
import { type NotifiedEvent, notifyInvoiceEvents } from "../../src/notifications/chain-producer";
import { randomAccount, startTestApp, type TestApp, testBackends } from "../helpers";
import { verifiedRecipient } from "./outbox-fixture";

const DAY_MS = 86_400_000;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;

/** A FarmNFT event of `tokenId` in block `block` (one transaction per block), at `blockTime`. */
function event(
  eventName: string,
  tokenId: bigint,
  args: object,
  blockTime: Date,
  block: number,
  logIndex = 0,
) {
  return {
    id: `${hash(block)}:${logIndex}`,
    contract: "farmNft",
    eventName,
    args: { tokenId, ...args },
    blockNumber: block,
    blockHash: hash(block),
    blockTime,
    txHash: hash(block),
    logIndex,
  } as unknown as NotifiedEvent;
}

describe.each(testBackends)("notifications of an invoice's unrepaid end on $name", ({ kind }) => {
  let t: TestApp;
  const farmer = randomAccount().address.toLowerCase();
  const holder = randomAccount().address.toLowerCase();
  const now = new Date("2027-06-01T00:00:00Z");
  const old = new Date(now.getTime() - 40 * DAY_MS);
  const emailSince = new Date(now.getTime() - 30 * DAY_MS);

  beforeAll(async () => {
    t = await startTestApp({ kind });
    await verifiedRecipient(t.app, farmer, "petani@example.id");
    await verifiedRecipient(t.app, holder, "investor@example.com");
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The index's row of an invoice of the farmer that the holder holds shares of. */
  async function indexed(tokenId: bigint, status: string, withdrawalReason: string | null = null) {
    await t.app.db.insert(chainInvoices).values({
      tokenId,
      farmer,
      amount: 1000n,
      funded: 100n,
      repaid: 0n,
      yieldBps: 400,
      tenorDays: 30,
      fundingDeadline: old,
      status,
      referenceHash: hash(Number(tokenId)),
      recovered: 0n,
      withdrawalReason,
      submittedBlock: 1,
      updatedBlock: 1,
      updatedLogIndex: 0,
    });
    await t.app.db.insert(chainPositions).values({ tokenId, holder, shares: 100n });
  }

  /** Notifies the events as the indexer's hook does; the notifications made and the ids given e-mail jobs. */
  async function notify(events: NotifiedEvent[], tokenIds: bigint[]) {
    const enqueued: number[] = [];
    const jobs = { enqueue: async (_tx: unknown, ids: readonly number[]) => void enqueued.push(...ids) };
    await t.app.db.transaction((tx) => notifyInvoiceEvents(tx, jobs, events, [], emailSince));
    const rows = await queryRows<{
      id: string | number;
      kind: string;
      recipient: string;
      email_status: string;
    }>(
      t.app.db,
      sql`select id, kind, recipient, email_status from notifications
          where params->>'tokenId' in (select jsonb_array_elements_text(${JSON.stringify(tokenIds.map(String))}::jsonb))
          order by kind, recipient`,
    );
    return { rows: rows.map(({ id: _, ...row }) => row), jobs: enqueued.length };
  }

  it("tells the farmer of a closed funding, a withdrawal and a settlement; history reaches the inbox, not e-mail", async () => {
    await indexed(11n, "cancelled");
    await indexed(12n, "cancelled", "Buyer disputed");
    await indexed(13n, "settled");
    const events = [
      event("InvoiceCancelled", 11n, { releasedYield: 0n }, old, 100),
      event("InvoiceCancelled", 12n, { releasedYield: 0n }, now, 200),
      event(
        "InvoiceWithdrawn",
        12n,
        { admin: farmer, releasedYield: 0n, reason: "Buyer disputed" },
        now,
        200,
        1,
      ),
      event("DefaultSettled", 13n, { recovered: 5n, recoveredFee: 1n, releasedYield: 0n }, old, 300),
    ];
    const { rows, jobs } = await notify(events, [11n, 12n, 13n]);
    expect(rows).toEqual([
      { kind: "default_settled", recipient: holder, email_status: "skipped" },
      { kind: "funding_closed", recipient: farmer, email_status: "skipped" },
      { kind: "holder_invoice_withdrawn", recipient: holder, email_status: "pending" },
      { kind: "invoice_settled", recipient: farmer, email_status: "skipped" },
      { kind: "invoice_withdrawn", recipient: farmer, email_status: "pending" },
      { kind: "refund_available", recipient: holder, email_status: "skipped" },
    ]);
    expect(jobs).toBe(2);
  });

  it("does not tell a withdrawal as a closed funding when its InvoiceCancelled comes alone", async () => {
    await indexed(14n, "cancelled", "Fraud found");
    const { rows, jobs } = await notify(
      [event("InvoiceCancelled", 14n, { releasedYield: 0n }, now, 400)],
      [14n],
    );
    expect(rows).toEqual([]);
    expect(jobs).toBe(0);
  });
});
