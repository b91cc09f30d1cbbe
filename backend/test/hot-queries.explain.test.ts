import { type LeaderboardKind, seasonOf } from "@farm/core";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import type { Database } from "../src/adapters/db/database";
import * as schema from "../src/db/schema";
import { listFarmers } from "../src/services/farmers/farmer-queue";
import { listCrops } from "../src/services/game/crops";
import { readLeaderboardJson } from "../src/services/game/leaderboard";
import { readProfileGame } from "../src/services/game/profile";
import { readSeasons } from "../src/services/game/state";
import { runWateringBatch } from "../src/services/game/water";
import { startTestApp, type TestApp, testBackends } from "./helpers";

type PlanNode = {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
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
interface Statement {
  text: string;
  values: unknown[];
  name?: string;
}

const onPostgres = testBackends.some((backend) => backend.kind === "services");

/** The seeded wallets are 0x and their number in 40 digits (all digits: checksummed as they are). */
const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
/** The wallet under test: it holds 50 crops (tokens 400, 800, ..., 20000). */
const me = wallet(4242);
const playerCount = 50_000;
const now = new Date();
const clock = { chainNow: now, wallNow: now };
const boards: LeaderboardKind[] = ["xp", "invested", "yield"];
/**
 * The planner settings every plan is read under. The planner chooses by statistics read from a random sample, so one
 * plan can differ between two ANALYZE runs of the same data: the season archive's NOT EXISTS was planned as a hash over
 * every archived score in one CI run and as index probes locally, and the crops' plain joins as a hash over every
 * invoice once in fourteen local runs. So the statistics are sampled at three sizes (ANALYZE reads 300 rows per unit
 * of the target), and last, nested loops are priced out of reach (`enable_nestloop = off`): a statement whose shape
 * leaves the planner a join over a whole table then takes it, so a plan of index probes there is the statement's
 * shape, not the sample's luck.
 */
const plannerCases = [
  { name: "statistics sampled at target 30", statisticsTarget: 30, nestLoop: true },
  { name: "statistics sampled at target 100 (the default)", statisticsTarget: 100, nestLoop: true },
  { name: "statistics sampled at target 1000", statisticsTarget: 1000, nestLoop: true },
  { name: "nested loops priced out", statisticsTarget: 100, nestLoop: false },
];

/** The tables that grow with the users: none of them may be read by a sequential scan or sorted whole. */
const bigTables = [
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
];
const isBigTableScan = (node: PlanNode) =>
  node["Node Type"] !== "ModifyTable" && bigTables.includes(node["Relation Name"] ?? "");

interface Expectation {
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

/**
 * The hot game and admin reads at a size where a scan would show: 50,000 players, 20,000 invoices, 200,000 positions,
 * investments and 600,000 waterings, 4,000 farmers. The statements are the ones the services send: each service
 * function runs on a pool that records what it sends (nothing rewritten by hand, the watering batch as the prepared
 * statement it is), and their plans are read with EXPLAIN on PostgreSQL. A plan passes when it reads no big table by a
 * sequential scan, sorts none of them, and starts a cursor page at the cursor.
 *
 * A case marked `knownDefect` is a plan that an index cannot fix (the statement's shape is at fault): its test requires
 * exactly the problems listed, so fixing the statement makes it fail until the mark is removed.
 */
describe.runIf(onPostgres)("hot query plans on PostgreSQL", () => {
  let t: TestApp;
  let client: pg.Client;
  let pool: pg.Pool;
  let db: Database;
  let sent: Statement[] = [];

  /** Runs a service function on the seeded database and returns its answer and the statements it sent, in order. */
  async function capture<T>(
    run: (db: Database) => Promise<T>,
  ): Promise<{ answer: T; statements: Statement[] }> {
    sent = [];
    const answer = await run(db);
    return { answer, statements: sent };
  }

  async function planOf(statement: Statement, options: { generic?: boolean } = {}): Promise<PlanNode[]> {
    let rows: { "QUERY PLAN": unknown }[];
    if (options.generic) {
      // The plan PostgreSQL may settle on for a prepared statement run again and again on one connection.
      await client.query(`prepare hot_statement as ${statement.text}`);
      try {
        await client.query("set plan_cache_mode = force_generic_plan");
        const values = statement.values.map((value) => client.escapeLiteral(String(value)));
        ({ rows } = await client.query(`explain (format json) execute hot_statement(${values.join(", ")})`));
      } finally {
        await client.query("reset plan_cache_mode");
        await client.query("deallocate hot_statement");
      }
    } else {
      ({ rows } = await client.query(`explain (format json) ${statement.text}`, statement.values));
    }
    return nodesOf((rows[0]!["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan);
  }

  /** The problems of a statement's plan against `expectation`; the whole plan is the message when they differ. */
  async function expectPlan(
    statement: Statement,
    expectation: Expectation,
    options: { generic?: boolean; knownDefect?: string[] } = {},
  ) {
    const nodes = await planOf(statement, options);
    const outline = nodes
      .map((node) => [node["Node Type"], node["Relation Name"], node["Index Name"]].filter(Boolean).join(" "))
      .join("\n");
    expect(problemsOf(nodes, expectation), `${statement.text}\n${outline}`).toEqual(
      options.knownDefect ?? [],
    );
  }

  beforeAll(async () => {
    t = await startTestApp({ kind: "services" });
    const season = seasonOf(now).id;
    await t.app.db.execute(sql`
      insert into players (address, xp, level, water, water_day, xp_reached_at, invested, invested_reached_at,
        yield_earned, yield_reached_at, season, season_xp, season_reached_at, streak, best_streak)
      select '0x' || lpad(g::text, 40, '0'), (g::bigint * 7919) % 5000, 1 + g % 20, 100, 0,
        now() - (g % 997) * interval '1 minute', ((g::bigint * 104729) % 1000000) * 1000000000000000000::numeric,
        now() - (g % 991) * interval '1 minute', ((g::bigint * 15485863) % 300000) * 1000000000000000::numeric,
        now() - (g % 983) * interval '1 minute', case when g % 2 = 0 then ${season} else '2020-W01' end,
        (g * 31) % 700, now() - (g % 977) * interval '1 minute', g % 9, g % 30
      from generate_series(1, ${playerCount}) g`);
    await t.app.db.execute(sql`
      insert into achievements (address, achievement_id)
      select '0x' || lpad(g::text, 40, '0'), a.id
      from generate_series(1, ${playerCount}) g
      cross join unnest(array['first-seed', 'first-water', 'first-harvest']) a(id)`);
    await t.app.db.execute(sql`
      insert into season_scores (season, address, xp, reached_at)
      select s.id, '0x' || lpad(g::text, 40, '0'), (g * 17) % 700, now() - interval '30 days'
      from generate_series(1, ${playerCount}) g cross join unnest(array['2025-W50', '2025-W51']) s(id)`);
    await t.app.db.execute(sql`
      insert into season_podiums (season, rank, address, xp, reached_at)
      select s.id, r, '0x' || lpad(r::text, 40, '0'), 700 - r, now() - interval '30 days'
      from generate_series(1, 10) r cross join unnest(array['2025-W50', '2025-W51']) s(id)`);
    // submitted_at in milliseconds, as the app writes it from a JS Date (the queue's cursor relies on it).
    await t.app.db.execute(sql`
      insert into farmers (id, wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street,
        province, city, district, postal_code, business_name, business_type, npwp_encrypted, bank_name,
        bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming, submitted_at)
      select md5('farmer' || g)::uuid, '0x02' || lpad(g::text, 38, '0'),
        (array['pending_review', 'pending_review', 'approved', 'rejected'])[g % 4 + 1], 'Petani ' || g, 'x',
        'f' || g || '@example.com', '+6281200000000', '1980-01-01', 'Jalan', 'Jawa Barat', 'Bandung', 'Coblong',
        '40132', 'Tani ' || g, 'individual', 'x', 'BRI', 'x', 'Petani ' || g, '["rice"]', 1.5, 10,
        date_trunc('milliseconds', now()) - (4000 - g) * interval '1 hour'
      from generate_series(1, 4000) g`);
    await t.app.db.execute(sql`
      insert into farmer_documents (farmer_id, kind, storage_key, content_type, size_bytes, sha256)
      select md5('farmer' || g)::uuid, k, 'kyc/' || g || '/' || k, 'image/png', 1000, md5(g || k)
      from generate_series(1, 4000) g cross join unnest(array['ktp', 'npwp', 'bankStatement']) k`);
    await t.app.db.execute(sql`
      insert into chain_invoices (token_id, farmer, amount, funded, repaid, yield_bps, tenor_days, funding_deadline,
        funded_at, maturity, status, reference_hash, recovered, grace_days, submitted_block, updated_block,
        updated_log_index)
      select g, '0x02' || lpad((g % 4000 + 1)::text, 38, '0'), 1000000000000000000000, 0, 0, 1000, 30,
        now() + interval '7 days', now() - interval '10 days', now() + interval '20 days',
        (array['pending', 'approved', 'funded', 'funded', 'repaid', 'defaulted'])[g % 6 + 1],
        '0x' || md5(g::text) || md5((g + 1)::text), 0, 30, g, g, 0
      from generate_series(1, 20000) g`);
    await t.app.db.execute(sql`
      insert into invoices (token_id, farmer_id, farmer_address, invoice_number, buyer_name, description, due_date,
        reference_hash, submission_state)
      select g, md5('farmer' || (g % 4000 + 1))::uuid, '0x02' || lpad((g % 4000 + 1)::text, 38, '0'), 'INV-' || g,
        'Buyer ' || g, 'Rice', '2030-01-01', '0x' || md5(g::text) || md5((g + 1)::text), 'submitted'
      from generate_series(1, 20000) g`);
    await t.app.db.execute(sql`
      insert into invoice_documents (invoice_id, kind, storage_key, content_type, size_bytes, sha256)
      select m.id, k, 'evidence/' || m.token_id || '/' || k, 'application/pdf', 1000, md5(m.token_id || k)
      from invoices m cross join unnest(array['invoice', 'deliveryProof']) k
      where k = 'invoice' or m.token_id % 4 = 0`);
    // Four crops per player (each wallet and token once), except the wallet under test, which holds 50.
    await t.app.db.execute(sql`
      insert into chain_positions (token_id, holder, shares)
      select ((g % ${playerCount}) * 4 + g / ${playerCount}) % 20000 + 1,
        '0x' || lpad((g % ${playerCount} + 1)::text, 40, '0'), 100000000000000000000
      from generate_series(0, ${4 * playerCount - 1}) g
      where g % ${playerCount} + 1 <> 4242
      union all
      select 400 * k, ${me}, 100000000000000000000 from generate_series(1, 50) k`);
    await t.app.db.execute(sql`
      insert into chain_investments (id, token_id, investor, amount, block_number, block_time, tx_hash, log_index)
      select '0x' || md5(p.token_id || p.holder) || ':0', p.token_id, p.holder, p.shares, 1, now(), '0x00', 0
      from chain_positions p`);
    await t.app.db.execute(sql`
      insert into chain_harvests (id, token_id, holder, shares, principal, yield, block_number, block_time, tx_hash)
      select '0x' || md5(p.token_id || p.holder) || ':1', p.token_id, p.holder, 1000, 1000, 10, 2, now(), '0x00'
      from chain_positions p where p.token_id % 3 = 0`);
    await t.app.db.execute(sql`
      insert into chain_refunds (id, token_id, holder, shares, block_number, block_time, tx_hash)
      select '0x' || md5(p.token_id || p.holder) || ':2', p.token_id, p.holder, 1000, 3, now(), '0x00'
      from chain_positions p where p.token_id % 7 = 3`);
    await t.app.db.execute(sql`
      insert into waterings (address, token_id, day, xp_gained, watered_at)
      select p.holder, p.token_id, 20000 + d, 2, now() - d * interval '1 day'
      from chain_positions p cross join generate_series(1, 3) d`);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query(`vacuum analyze ${bigTables.join(", ")}`);
    // The services run on a pool built like the app's (adapters/db/connect.ts) that records every statement it sends.
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 4 });
    const send = pool.query.bind(pool) as (config: string | pg.QueryConfig, values?: unknown[]) => unknown;
    Object.assign(pool, {
      query: (config: string | pg.QueryConfig, values?: unknown[]) => {
        sent.push(
          typeof config === "string"
            ? { text: config, values: values ?? [] }
            : { text: config.text, values: values ?? config.values ?? [], name: config.name },
        );
        return send(config, values);
      },
    });
    db = drizzle({ client: pool, schema }) as unknown as Database;
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await client?.end();
    await t?.close();
  });

  describe.each(plannerCases)("$name", ({ statisticsTarget, nestLoop }) => {
    beforeAll(async () => {
      await client.query(`set default_statistics_target = ${statisticsTarget}`);
      await client.query(`analyze ${bigTables.join(", ")}`);
      await client.query(`set enable_nestloop = ${nestLoop ? "on" : "off"}`);
    }, 60_000);

    afterAll(async () => {
      await client.query("reset default_statistics_target");
      await client.query("reset enable_nestloop");
    });

    it("serves GET /api/crops for a wallet holding 50 crops from indexes", async () => {
      const { answer, statements } = await capture((db) => listCrops(db, me, clock));
      expect(answer).toHaveLength(50);
      expect(statements).toHaveLength(1);
      // The wallet's crops are gathered, de-duplicated and sorted newest first: bounded by what one wallet holds, not
      // by the tables, so a sort is allowed here. Every per-crop figure must be an index probe, in the plan for these
      // values and in the generic one the prepared statement may settle on.
      const expectation: Expectation = {
        reads: [
          "chain_positions",
          "chain_investments",
          "chain_harvests",
          "chain_refunds",
          "chain_invoices",
          "waterings",
          "invoices",
          "invoice_documents",
        ],
        sorts: "bounded",
      };
      await expectPlan(statements[0]!, expectation);
      await expectPlan(statements[0]!, expectation, { generic: true });
    });

    describe.each(boards)("GET /api/leaderboard?by=%s", (by) => {
      it("serves the first page from the board's rank index, in order", async () => {
        const { answer, statements } = await capture((db) =>
          readLeaderboardJson(db, new MemoryCacheStore(), { by, limit: 20 }, null),
        );
        expect(JSON.parse(answer).entries).toHaveLength(20);
        expect(statements).toHaveLength(1);
        await expectPlan(statements[0]!, { reads: ["players"] });
      });

      // The cursor's score is cast to the column's type (`::int` for xp): cast to numeric it was no index condition,
      // and a deep page walked the index from the top.
      it("serves a deep cursor (rank 25,000) from the rank index, starting at the cursor", async () => {
        // A cursor the API itself hands out, at the end of a 25,000-entry page.
        const deep = JSON.parse(
          await readLeaderboardJson(db, new MemoryCacheStore(), { by, limit: 25_000 }, null),
        );
        const { answer, statements } = await capture((db) =>
          readLeaderboardJson(db, new MemoryCacheStore(), { by, limit: 20, cursor: deep.nextCursor }, null),
        );
        expect(JSON.parse(answer).entries[0].rank).toBe(25_001);
        expect(statements).toHaveLength(1);
        await expectPlan(statements[0]!, {
          reads: ["players"],
          cursorOn: { table: "players", condition: /<=/ },
        });
      });

      // Two counts, `score > mine` and `score = mine and (reached_at, address) < mine`, each a range of the rank index
      // (one OR'd count read every player); still as long as the rank, which no index can shorten.
      it("reads the caller's own rank without scanning the players", async () => {
        const { statements } = await capture((db) =>
          readLeaderboardJson(db, new MemoryCacheStore(), { by, limit: 20 }, me),
        );
        expect(statements).toHaveLength(2);
        await expectPlan(statements[1]!, { reads: ["players"] });
      });
    });

    describe("GET /api/leaderboard/seasons", () => {
      // Both are the statements of state.ts `readSeasons`, run on every request (no cache).
      // The archive skips through the season indexes to the finished seasons without a podium, and reads each one's top
      // ten from the top of those indexes (it used to re-rank every finished score on every request).
      it("archives finished seasons without reading every score", async () => {
        const { statements } = await capture((db) => readSeasons(db, now, 4));
        expect(statements).toHaveLength(2);
        // Its one sort ranks the (at most 20) candidates of each season still waiting for a podium.
        await expectPlan(statements[0]!, { reads: ["players", "season_scores"], sorts: "bounded" });
      });

      // `desc nulls last`, as players_season_rank_idx is ordered: plain `desc` (nulls first) sorted the week's players.
      it("serves this week's top ten from players_season_rank_idx", async () => {
        const { statements } = await capture((db) => readSeasons(db, now, 4));
        await expectPlan(statements[1]!, { reads: ["players"] });
      });
    });

    describe("POST /api/game/water", () => {
      const requests = [
        { address: me, tokenId: 400n },
        { address: me, tokenId: 800n },
        { address: me, tokenId: 1200n },
        { address: wallet(7), tokenId: 25n },
        { address: wallet(9), tokenId: 33n },
      ];
      // The batch's own rows (at most maxBatch requests) are sorted for the windows, the locks and the answer's order:
      // allowed, as long as no row read from a big table is sorted.
      const expectation: Expectation = {
        reads: ["chain_invoices", "chain_positions", "chain_harvests", "waterings", "players"],
        sorts: "batch",
      };

      it.each([
        { plan: "the first runs' (custom) plan", generic: false },
        { plan: "the generic plan a prepared statement settles on", generic: true },
      ])("serves the watering batch statement by index probes: $plan", async ({ generic }) => {
        const { answer, statements } = await capture((db) => runWateringBatch(db, requests, clock));
        expect(answer).toHaveLength(requests.length);
        expect(statements).toHaveLength(1);
        expect(statements[0]!.name).toMatch(/^farm_game_water_batch/);
        await expectPlan(statements[0]!, expectation, { generic });
      });
    });

    describe("GET /api/admin/farmers?status=pending_review", () => {
      it("serves the first page of the KYC queue from farmers_status_submitted_idx, in order", async () => {
        const { answer, statements } = await capture((db) =>
          listFarmers(db, { status: "pending_review", limit: 20 }),
        );
        expect(answer.rows).toHaveLength(20);
        expect(statements).toHaveLength(2);
        await expectPlan(statements[0]!, { reads: ["farmers"] });
        await expectPlan(statements[1]!, { reads: ["farmer_documents"] });
      });

      // The row comparison `(submitted_at, id) > ($1, $2)` is an index condition of farmers_status_submitted_idx; the
      // OR of two conditions it replaced was not, and a deep page walked the whole queue before it.
      it("serves a deep cursor (the 1,000th registration) starting at the cursor", async () => {
        const deep = await listFarmers(db, { status: "pending_review", limit: 1000 });
        const { answer, statements } = await capture((db) =>
          listFarmers(db, { status: "pending_review", limit: 20, cursor: deep.nextCursor! }),
        );
        expect(answer.rows[0]!.farmer.submittedAt > deep.rows[999]!.farmer.submittedAt).toBe(true);
        expect(statements).toHaveLength(2);
        await expectPlan(statements[0]!, {
          reads: ["farmers"],
          cursorOn: { table: "farmers", condition: /submitted_at/ },
        });
        await expectPlan(statements[1]!, { reads: ["farmer_documents"] });
      });
    });

    it("serves GET /api/user/profile's reads (the player, the investment figures) from indexes", async () => {
      const { answer, statements } = await capture((db) => readProfileGame(db, me, now));
      expect(answer.stats.activeCrops).toBeGreaterThan(0);
      expect(statements).toHaveLength(2);
      const player = statements.find((statement) => statement.text.includes("from players"))!;
      const stats = statements.find((statement) => statement !== player)!;
      await expectPlan(player, { reads: ["players"] });
      await expectPlan(stats, {
        reads: ["chain_investments", "chain_refunds", "chain_harvests", "chain_positions", "chain_invoices"],
      });
    });
  });
});
