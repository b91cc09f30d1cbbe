import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { buyerIdSql } from "../src/db/schema/buyer-entity";
import { readBuyerRecord } from "../src/services/disclosures/disclosures";
import { readRepaymentRecord } from "../src/services/disclosures/record";
import { readStatement } from "../src/services/statements/statement";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { me, recordingDatabase, seedHotTables, wallet } from "./hot-queries-seed";
import { type Expectation, expectPlan } from "./query-plans";

const onPostgres = testBackends.some((backend) => backend.kind === "services");
const now = new Date();
const farmer = "0x0200000000000000000000000000000000000007";

/**
 * The disclosure reads at a size where a scan would show (the hot-query seed: 20,000 invoices, 200,000 positions and
 * investments) plus a repayment per invoice and 100,000 share transfers: a farmer's and a buyer's record and both
 * statements, as the services send them, must reach the big tables by index only. The platform record reads every
 * funded invoice by design (decision 0054) and is not here.
 */
describe.runIf(onPostgres)("disclosure plans on PostgreSQL", () => {
  let t: TestApp;
  let client: pg.Client;
  let recorder: ReturnType<typeof recordingDatabase>;
  let buyerId = "";

  beforeAll(async () => {
    t = await startTestApp({
      kind: "services",
      env: { DB_STATEMENT_TIMEOUT_MS: "300000", NOTIFY_WORKER: "false" },
    });
    await seedHotTables(t.app.db, now);
    await t.app.db.execute(sql`
      insert into chain_repayments (id, token_id, payer, amount, total_repaid, fully_repaid, block_number, block_time,
        tx_hash)
      select '0xr' || g || ':0', g, '0x01', 1100, 1100, true, 4, now(), '0x00' from generate_series(1, 20000) g`);
    await t.app.db.execute(sql`
      insert into chain_events (id, block_number, block_hash, tx_hash, log_index, contract, event_name, token_id, args)
      select '0xt' || g || ':0', 5, '0x00', '0xt' || g, 0, 'farmNft', 'TransferSingle', g % 20000 + 1,
        jsonb_build_object('operator', '0x01', 'from', '0x' || lpad((g % 50000 + 1)::text, 40, '0'),
          'to', '0x' || lpad(((g + 7) % 50000 + 1)::text, 40, '0'), 'id', (g % 20000 + 1)::text, 'value', '5')
      from generate_series(1, 100000) g`);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query("analyze");
    recorder = recordingDatabase(t.config.databaseUrl);
    const [row] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select ${buyerIdSql} as id from invoices where token_id = 400`,
    );
    buyerId = row?.id ?? "";
  }, 240_000);

  afterAll(async () => {
    await recorder?.pool.end();
    await client?.end();
    await t?.close();
  });

  const blockTime = async () => now;
  const cases: { name: string; run: (db: typeof recorder.db) => Promise<unknown>; expect: Expectation }[] = [
    {
      name: "a farmer's record",
      run: (db) => readRepaymentRecord(db, { kind: "farmer", farmer }, now),
      expect: { reads: ["chain_invoices"], sorts: "bounded" },
    },
    {
      name: "a buyer's record",
      run: (db) => readBuyerRecord(db, buyerId, now),
      expect: { reads: ["invoices", "chain_invoices"], sorts: "bounded" },
    },
    {
      name: "an investor's statement",
      run: (db) =>
        readStatement(db, me, { from: "2020-01-01", to: "2030-01-01", as: "investor" }, 16_000n, blockTime),
      expect: {
        reads: ["chain_investments", "chain_harvests", "chain_refunds", "chain_events"],
        sorts: "bounded",
      },
    },
    {
      name: "a wallet's statement with transfers",
      run: (db) =>
        readStatement(
          db,
          wallet(77),
          { from: "2020-01-01", to: "2030-01-01", as: "investor" },
          16_000n,
          blockTime,
        ),
      expect: { reads: ["chain_events"], sorts: "bounded" },
    },
    {
      name: "a farmer's statement",
      run: (db) =>
        readStatement(db, farmer, { from: "2020-01-01", to: "2030-01-01", as: "farmer" }, 16_000n, blockTime),
      expect: { reads: ["chain_invoices", "chain_events"], sorts: "bounded" },
    },
  ];

  it.each(cases)("reads $name by index", async (testCase) => {
    const { statements } = await recorder.capture(testCase.run);
    expect(statements.length).toBeGreaterThan(0);
    const read = new Set<string>();
    for (const statement of statements) {
      // Each statement must reach the big tables it names by index; together they must read all the case lists.
      // chain_share_transfers is a view over chain_events.
      const names = (table: string) =>
        table === "chain_events" ? /\bchain_(events|share_transfers)\b/ : new RegExp(`\\b${table}\\b`);
      const reads = testCase.expect.reads.filter((table) => names(table).test(statement.text));
      for (const table of reads) read.add(table);
      await expectPlan(client, statement, { ...testCase.expect, reads });
    }
    expect([...read].sort()).toEqual([...testCase.expect.reads].sort());
  });
});
