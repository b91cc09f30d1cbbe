import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { readActivityPage } from "../src/services/activity/activity";
import { readAlmanac } from "../src/services/game/almanac";
import { bookSql, readMyOrders } from "../src/services/market/book";
import { readMarketState } from "../src/services/market/market";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { me, recordingDatabase, seedHotTables } from "./hot-queries-seed";
import { bigTables, type Expectation, expectPlan, rowsReadFrom } from "./query-plans";

const onPostgres = testBackends.some((backend) => backend.kind === "services");
const now = new Date();
const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
/** A cursor as the book hands one out: the last entry's price, creation time (milliseconds) and id. */
const cursor = {
  price: (95n * 10n ** 16n).toString(),
  createdAt: new Date(now.getTime() - 3_600_000).toISOString(),
  id: "7f000000-0000-4000-8000-000000000000",
};

/**
 * The seed market's reads at a size where a scan would show (the hot-query seed with 100,000 orders, 100,000 fills
 * and 10,000 cancels): the book of each side, for every invoice and for one, on its first page and after a cursor,
 * must walk its partial index in order (no sort), probe the invoice, the seller's position or the buyer's credential
 * and the cancels per row (no per-row follow-up query), and start a cursor page at the cursor.
 */
describe.runIf(onPostgres)("market plans on PostgreSQL", () => {
  let t: TestApp;
  let client: pg.Client;
  let recorder: ReturnType<typeof recordingDatabase>;

  beforeAll(async () => {
    t = await startTestApp({
      kind: "services",
      env: { DB_STATEMENT_TIMEOUT_MS: "300000", NOTIFY_WORKER: "false" },
    });
    await seedHotTables(t.app.db, now);
    // chain_events at a size where a scan would show, with the market's fee set twice among them.
    await t.app.db.execute(sql`
      insert into chain_events (id, block_number, block_hash, tx_hash, log_index, contract, event_name, token_id, args)
      select '0xt' || g || ':0', g, '0x00', '0xt' || g, 0, 'farmNft', 'TransferSingle', g % 20000 + 1,
        jsonb_build_object('operator', '0x01', 'from', '0x' || lpad((g % 50000 + 1)::text, 40, '0'),
          'to', '0x' || lpad(((g + 7) % 50000 + 1)::text, 40, '0'), 'id', (g % 20000 + 1)::text, 'value', '5')
      from generate_series(1, 100000) g
      union all
      select '0xfee' || g || ':0', 50000 * g, '0x00', '0xfee' || g, 0, 'farmMarket', 'FeeSet', null,
        jsonb_build_object('feeBps', 10 * g, 'recipient', '0x' || lpad(g::text, 40, '0'))
      from generate_series(1, 2) g
      union all
      select '0xpause' || g || ':0', 40000 * g, '0x00', '0xpause' || g, 0, 'farmMarket',
        case when g % 2 = 1 then 'Paused' else 'Unpaused' end, null, jsonb_build_object('account', '0x01')
      from generate_series(1, 3) g`);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query(`vacuum analyze ${bigTables.filter((table) => table !== "job_common").join(", ")}`);
    await client.query("analyze chain_market_cancels, chain_credentials");
    recorder = recordingDatabase(t.config.databaseUrl);
  }, 240_000);

  afterAll(async () => {
    await recorder?.pool.end();
    await client?.end();
    await t?.close();
  });

  const book = (side: "listing" | "offer", tokenId: bigint | null, after: typeof cursor | null) => ({
    name: `the ${side}s${tokenId === null ? "" : ` of invoice ${tokenId}`}${after ? " after a cursor" : ""}`,
    run: (db: typeof recorder.db) => queryRows(db, bookSql(side, tokenId, nowSeconds, after, 20)),
    expect: {
      reads: ["market_orders", "chain_invoices", ...(side === "listing" ? ["chain_positions"] : [])],
      ...(after ? { cursorOn: { table: "market_orders", condition: /price/ } } : {}),
    } satisfies Expectation,
  });

  const cases: { name: string; run: (db: typeof recorder.db) => Promise<unknown>; expect: Expectation }[] = [
    book("listing", null, null),
    book("listing", null, cursor),
    book("listing", 400n, null),
    book("listing", 400n, cursor),
    book("offer", null, null),
    book("offer", null, cursor),
    book("offer", 800n, null),
    book("offer", 800n, cursor),
    {
      name: "a wallet's own orders",
      run: (db) => readMyOrders(db, me, now),
      expect: { reads: ["market_orders", "chain_positions"], sorts: "bounded" },
    },
    {
      name: "the market's fee and pause",
      run: (db) => readMarketState(db),
      expect: { reads: ["chain_events"] },
    },
    {
      name: "a wallet's activity with trades",
      run: (db) => readActivityPage(db, me, 20, undefined),
      expect: { reads: ["chain_investments", "chain_market_fills"], sorts: "bounded" },
    },
    {
      // Grouped by invoice: a sort of one wallet's fundings at most.
      name: "a wallet's almanac (its investments and purchases)",
      run: (db) => readAlmanac(db, me),
      expect: {
        reads: ["chain_investments", "chain_market_fills", "chain_invoices", "invoices", "farmers"],
        sorts: "bounded",
      },
    },
  ];

  it.each(cases)("reads $name by index", async (testCase) => {
    const { statements } = await recorder.capture(testCase.run);
    expect(statements).toHaveLength(1);
    await expectPlan(client, statements[0]!, testCase.expect);
  });

  it("reads a page of a wallet's activity, first and deep, without walking its year of waterings", async () => {
    let cursor: string | undefined;
    for (let page = 0; page < 50; page += 1)
      cursor = (await readActivityPage(t.app.db, me, 20, cursor)).nextCursor ?? undefined;
    expect(cursor).toBeDefined();
    for (const at of [undefined, cursor]) {
      const { answer, statements } = await recorder.capture((db) => readActivityPage(db, me, 20, at));
      expect(answer.items).toHaveLength(20);
      // A page and the plants watered at the same moment as its last row (50 here), not the 18,250 of the year.
      expect(await rowsReadFrom(client, statements[0]!, "waterings")).toBeLessThanOrEqual(21 + 50);
    }
  });

  it("reads the fee the admin set last, and whether the last pause was lifted", async () => {
    expect(await readMarketState(t.app.db)).toEqual({
      feeBps: 20,
      feeRecipient: `0x${"2".padStart(40, "0")}`,
      paused: true,
    });
  });

  it("finds live listings in the seed (so the plans above are of a book that answers)", async () => {
    const rows = await queryRows(t.app.db, bookSql("listing", null, nowSeconds, null, 20));
    expect(rows.length).toBeGreaterThan(0);
  });
});
