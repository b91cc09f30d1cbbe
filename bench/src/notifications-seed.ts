import { type Database, notifyInvoiceEvents, type startSendingOnly } from "@farm/backend/bench-kit";
import type pg from "pg";

/** An InvoiceFunded event as the indexer hands it to its hooks. */
export type BenchEvent = Parameters<typeof notifyInvoiceEvents>[2][number];

const holderAddress = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

/**
 * Positions and verified addresses for the benchmark's invoices: burst invoice i has holders i*h .. i*h+h-1 (all
 * different), the steady invoices share the first `steady.holders` holders. Returns how many holders there are.
 */
export async function seedInvoices(
  _db: Database,
  raw: pg.Client,
  plan: {
    burst: { invoices: number; holders: number };
    steady: { invoices: number; holders: number };
    email: (holder: number) => string;
  },
): Promise<number> {
  const tokens: string[] = [];
  const holders: string[] = [];
  for (let invoice = 0; invoice < plan.burst.invoices; invoice++)
    for (let h = 0; h < plan.burst.holders; h++) {
      tokens.push(String(invoice + 1));
      holders.push(holderAddress(invoice * plan.burst.holders + h + 1));
    }
  for (let invoice = 0; invoice < plan.steady.invoices; invoice++)
    for (let h = 0; h < plan.steady.holders; h++) {
      tokens.push(String(plan.burst.invoices + invoice + 1));
      holders.push(holderAddress(h + 1));
    }
  await raw.query(
    `insert into chain_positions (token_id, holder, shares)
     select t::numeric, h, 1000 from unnest($1::text[], $2::text[]) as x(t, h)`,
    [tokens, holders],
  );
  const distinct = [...new Set(holders)];
  await raw.query(
    `insert into notification_addresses (owner, email_encrypted, language, verified_at)
     select o, e, 'en', now() from unnest($1::text[], $2::text[]) as x(o, e)`,
    [distinct, distinct.map((_, n) => plan.email(n))],
  );
  return distinct.length;
}

/** InvoiceFunded events for token ids first+1 .. first+count. */
export function fundedEvents(first: number, count: number): BenchEvent[] {
  return Array.from({ length: count }, (_, n) => {
    const tokenId = BigInt(first + n + 1);
    return {
      id: `${hash(first + n + 1)}:0`,
      blockNumber: first + n + 1,
      blockHash: hash(first + n + 1),
      blockTime: new Date(),
      txHash: hash(first + n + 1),
      logIndex: 0,
      contract: "farmNft",
      eventName: "InvoiceFunded",
      args: {
        tokenId,
        farmer: holderAddress(0),
        principal: 10n ** 21n,
        fundedAt: 1_800_000_000n,
        maturity: 1_802_592_000n,
        graceDays: 30,
      },
    } as BenchEvent;
  });
}

/**
 * Records events as the indexer does: their chain_events rows, then the notifications' hook (rows and their pg-boss
 * jobs) in one transaction (the
 * indexer writes both in one; the bench has no drizzle of its own to share a transaction with the raw client).
 */
export async function insertEvents(
  db: Database,
  raw: pg.Client,
  jobs: Awaited<ReturnType<typeof startSendingOnly>>,
  events: readonly BenchEvent[],
): Promise<void> {
  await raw.query(
    `insert into chain_events (id, block_number, block_hash, tx_hash, log_index, contract, event_name, token_id, args)
     select id, n, h, h, 0, 'farmNft', 'InvoiceFunded', t::numeric, '{}'::jsonb
     from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as x(id, n, h, t)`,
    [
      events.map((event) => event.id),
      events.map((event) => event.blockNumber),
      events.map((event) => event.blockHash),
      events.map((event) => event.args.tokenId.toString()),
    ],
  );
  await db.transaction((tx) => notifyInvoiceEvents(tx, jobs, events, []));
}
