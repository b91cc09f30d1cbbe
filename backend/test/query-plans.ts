import type pg from "pg";
import { expect } from "vitest";

/** One node of PostgreSQL's EXPLAIN (FORMAT JSON) plan, with the fields the checks read. */
export type PlanNode = {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  /** Only under EXPLAIN ANALYZE: the rows a loop returned (the mean) and the loops. */
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  /** Only under EXPLAIN ANALYZE: the rows a loop read and then dropped by a condition the index could not check. */
  "Rows Removed by Filter"?: number;
  /** Only under EXPLAIN ANALYZE: the pages the node (and its children) found in shared buffers or read, all loops. */
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
};

export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The nodes whose rows flow into `plan`: InitPlans and SubPlans (run apart, one value per probe) left out. */
function inputsOf(plan: PlanNode): PlanNode[] {
  const inputs = (plan.Plans ?? []).filter(
    (child) => child["Parent Relationship"] !== "InitPlan" && child["Parent Relationship"] !== "SubPlan",
  );
  return [plan, ...inputs.flatMap(inputsOf)];
}

/** One statement as a service sent it to PostgreSQL: its text, its values and, for a prepared one, its name. */
export interface Statement {
  text: string;
  values: unknown[];
  name?: string;
}

/** The tables that grow with the users: none of them may be read by a sequential scan or sorted whole. */
export const bigTables = [
  "players",
  "chain_invoices",
  "chain_positions",
  "chain_investments",
  "chain_harvests",
  "chain_refunds",
  "waterings",
  "achievements",
  "season_scores",
  "invoices",
  "invoice_documents",
  "farmers",
  "farmer_documents",
  "notifications",
  "chain_events",
  "market_orders",
  "chain_market_fills",
  // pg-boss's table of the jobs of queues without a partition of their own (the e-mail queue's).
  "job_common",
];
const isBigTableScan = (node: PlanNode) =>
  node["Node Type"] !== "ModifyTable" && bigTables.includes(node["Relation Name"] ?? "");

export interface Expectation {
  /** Tables the statement must read, so that a plan which never reached them cannot pass. */
  reads: string[];
  /**
   * The sorts allowed besides none at all: "batch", sorts of the watering batch's own rows only (nothing read from a
   * big table is sorted); "bounded", sorts of one wallet's rows, whose size is what one wallet holds.
   */
  sorts?: "batch" | "bounded";
  /** A cursor page: the cursor must be an index condition on this table, so a deep page does not walk from the top. */
  cursorOn?: { table: string; condition: RegExp };
}

/** What keeps a plan from being served by indexes at any size; empty when nothing does. */
function problemsOf(nodes: PlanNode[], expectation: Expectation): string[] {
  const problems: string[] = [];
  const read = new Set(nodes.filter(isBigTableScan).map((node) => node["Relation Name"]));
  for (const table of expectation.reads) if (!read.has(table)) problems.push(`never reads ${table}`);
  // "Seq Scan" or "Parallel Seq Scan": either reads the whole table.
  for (const node of nodes.filter(isBigTableScan))
    if (node["Node Type"].endsWith("Seq Scan")) problems.push(`Seq Scan on ${node["Relation Name"]}`);
  if (expectation.sorts !== "bounded")
    for (const sort of nodes.filter((node) => node["Node Type"].endsWith("Sort"))) {
      const sorted = [
        ...new Set(
          inputsOf(sort)
            .filter(isBigTableScan)
            .map((node) => node["Relation Name"]),
        ),
      ];
      if (expectation.sorts !== "batch" || sorted.length > 0)
        problems.push(`Sort of ${sorted.sort().join(", ") || "derived rows"}`);
    }
  if (expectation.cursorOn) {
    const { table, condition } = expectation.cursorOn;
    const conditions = nodes
      .filter((node) => node["Relation Name"] === table)
      .map((node) => node["Index Cond"]);
    if (!conditions.some((indexCond) => indexCond !== undefined && condition.test(indexCond)))
      problems.push(`the cursor is not an index condition on ${table}`);
  }
  return [...new Set(problems)].sort();
}

/** A statement's plan as PostgreSQL would run it now (or, `generic`, as a prepared statement run again and again). */
export async function planOf(
  client: pg.Client,
  statement: Statement,
  options: { generic?: boolean; analyze?: boolean } = {},
): Promise<PlanNode[]> {
  let rows: { "QUERY PLAN": unknown }[];
  // ANALYZE runs the statement and adds what each node returned and the pages it touched.
  const how = options.analyze ? "analyze, buffers, format json" : "format json";
  if (options.generic) {
    // The plan PostgreSQL may settle on for a prepared statement run again and again on one connection.
    await client.query(`prepare hot_statement as ${statement.text}`);
    try {
      await client.query("set plan_cache_mode = force_generic_plan");
      const values = statement.values.map((value) => client.escapeLiteral(String(value)));
      ({ rows } = await client.query(`explain (${how}) execute hot_statement(${values.join(", ")})`));
    } finally {
      await client.query("reset plan_cache_mode");
      await client.query("deallocate hot_statement");
    }
  } else {
    ({ rows } = await client.query(`explain (${how}) ${statement.text}`, statement.values));
  }
  return nodesOf((rows[0]!["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan);
}

/** The problems of a statement's plan against `expectation`; the whole plan is the message when they differ. */
export async function expectPlan(
  client: pg.Client,
  statement: Statement,
  expectation: Expectation,
  options: { generic?: boolean; knownDefect?: string[] } = {},
) {
  const nodes = await planOf(client, statement, options);
  const outline = nodes
    .map((node) => [node["Node Type"], node["Relation Name"], node["Index Name"]].filter(Boolean).join(" "))
    .join("\n");
  expect(problemsOf(nodes, expectation), `${statement.text}\n${outline}`).toEqual(options.knownDefect ?? []);
}

/**
 * The rows a statement's plan nodes on `table` read when it runs (EXPLAIN ANALYZE: the rows a loop returned or
 * dropped by a filter, times loops), which an index plan still multiplies when each probe walks a wallet's whole
 * history.
 */
export async function rowsReadFrom(client: pg.Client, statement: Statement, table: string): Promise<number> {
  return (await planOf(client, statement, { analyze: true }))
    .filter((node) => node["Relation Name"] === table)
    .reduce(
      (sum, node) =>
        sum +
        ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 0),
      0,
    );
}

/**
 * The pages a statement's plan nodes on `table` (its scans, through any of its indexes) touch when it runs, over all
 * loops. It shows what rows returned cannot: a probe whose index condition on a later column is checked inside the
 * index walks every entry of the leading column's value (a wallet's whole history) and returns only the few it keeps.
 */
export async function pagesReadFrom(client: pg.Client, statement: Statement, table: string): Promise<number> {
  return (await planOf(client, statement, { analyze: true }))
    .filter((node) => node["Relation Name"] === table)
    .reduce((sum, node) => sum + (node["Shared Hit Blocks"] ?? 0) + (node["Shared Read Blocks"] ?? 0), 0);
}
