import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousViewer, invoicePageQuery } from "../src/services/invoices/read";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { nodesOf, type PlanNode } from "./query-plans";

const onPostgres = testBackends.some((backend) => backend.kind === "services");
const farmer = "0x0200000000000000000000000000000000000007";

/**
 * The invoice lists at a size where a scan would show: 30,000 indexed invoices, the statements the API runs
 * (`invoicePageQuery`, not rewritten by hand), their plans read with EXPLAIN on PostgreSQL. Each page must be an
 * index walk in token-id order: no sequential scan of chain_invoices and no sort of it, first page or deep cursor.
 */
describe.runIf(onPostgres)("invoice list plans on PostgreSQL", () => {
  let t: TestApp;
  let client: pg.Client;

  beforeAll(async () => {
    t = await startTestApp({ kind: "services" });
    await t.app.db.execute(sql`
      insert into chain_invoices (token_id, farmer, amount, funded, repaid, yield_bps, tenor_days, funding_deadline,
        funded_at, maturity, status, reference_hash, recovered, grace_days, submitted_block, updated_block,
        updated_log_index)
      select g, '0x02' || lpad(to_hex(g % 1500), 38, '0'), 1000000000000000000000, 0, 0, 1000, 30,
        now() + interval '7 days', null, null,
        (array['pending', 'approved', 'funded', 'repaid', 'rejected'])[g % 5 + 1],
        '0x' || md5(g::text) || md5((g + 1)::text), 0, null, g, g, 0
      from generate_series(1, 30000) g`);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query("analyze chain_invoices");
  }, 60_000);

  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  const cases = [
    { name: "a status, first page", query: { status: "approved" as const, limit: 20 } },
    { name: "a status, deep cursor", query: { status: "funded" as const, limit: 20, cursor: "MTAwMDA" } },
    { name: "a farmer's invoices", query: { farmer, limit: 20 } },
    // One farmer's invoices in one status: the planner may pick the farmer's few rows by both indexes and sort them;
    // bounded by one farmer's invoices, not the table, so a sort is allowed here.
    {
      name: "a farmer's invoices in one status",
      query: { farmer, status: "pending" as const, limit: 20 },
      boundedSort: true,
    },
    { name: "every invoice, deep cursor", query: { limit: 20, cursor: "MTAwMDA" } },
  ];

  // Each page as the public, another wallet and an admin read it: the first two hide pending and rejected invoices.
  const viewers = [
    { who: "anyone", viewer: anonymousViewer },
    {
      who: "another wallet",
      viewer: { address: "0x0200000000000000000000000000000000000009", admin: false },
    },
    { who: "an admin", viewer: { address: null, admin: true } },
  ];
  const readings = cases.flatMap((testCase) => viewers.map((reader) => ({ ...testCase, ...reader })));

  it.each(readings)(
    "serves $name to $who from an index, in order, without scanning or sorting",
    async (testCase) => {
      const { query, viewer } = testCase;
      const statement = invoicePageQuery(t.app.db, query, viewer, new Date()).toSQL();
      const { rows } = await client.query(`explain (format json) ${statement.sql}`, statement.params);
      // The API runs it as a prepared statement, which PostgreSQL may serve with a generic plan (no values known):
      // that plan must be an index walk as well.
      const literal = (value: unknown) =>
        typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value);
      await client.query("set plan_cache_mode = force_generic_plan");
      await client.query(`prepare page as ${statement.sql}`);
      const generic = await client
        .query(`explain (format json) execute page(${statement.params.map(literal).join(", ")})`)
        .finally(() => client.query("deallocate page; reset plan_cache_mode"));
      for (const plan of [rows, generic.rows]) {
        const nodes = nodesOf((plan[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan);
        const onInvoices = nodes.filter((node) => node["Relation Name"] === "chain_invoices");
        expect(onInvoices.length, JSON.stringify(nodes)).toBeGreaterThan(0);
        expect(onInvoices.map((node) => node["Node Type"])).not.toContain("Seq Scan");
        if (!("boundedSort" in testCase))
          expect(nodes.map((node) => node["Node Type"])).not.toContain("Sort");
      }
    },
  );
});
