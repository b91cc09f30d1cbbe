import type { LeaderboardKind } from "@farm/core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import type { Database } from "../src/adapters/db/database";
import { NotificationDelivery } from "../src/notifications/delivery";
import { readInbox, unreadCount } from "../src/notifications/inbox";
import { type EmailJobs, startSendingOnly } from "../src/notifications/jobs";
import { listFarmers } from "../src/services/farmers/farmer-queue";
import { listCrops } from "../src/services/game/crops";
import { readLeaderboardJson } from "../src/services/game/leaderboard";
import { readProfileGame } from "../src/services/game/profile";
import { readSeasons } from "../src/services/game/state";
import { runWateringBatch } from "../src/services/game/water";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import {
  me,
  pendingNotifications,
  recordingDatabase,
  seedHotTables,
  seedNotificationTables,
  wallet,
} from "./hot-queries-seed";
import { bigTables, type Expectation, expectPlan, rowsReadFrom } from "./query-plans";

const onPostgres = testBackends.some((backend) => backend.kind === "services");

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
  let recorder: ReturnType<typeof recordingDatabase>;
  let db: Database;
  let jobs: EmailJobs;
  const capture: ReturnType<typeof recordingDatabase>["capture"] = (run) => recorder.capture(run);

  beforeAll(async () => {
    // Seeding writes up to 600,000 rows a statement: more than a request's time limit on a busy machine.
    t = await startTestApp({
      kind: "services",
      // No delivery here: the queued jobs stay queued for the fetch's plan.
      env: { DB_STATEMENT_TIMEOUT_MS: "300000", NOTIFY_WORKER: "false" },
    });
    await seedHotTables(t.app.db, now);
    await seedNotificationTables(t.app.db, t.app.emailJobs);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    // pg-boss's tables (job_common) by their plain names, as the plans name them.
    await client.query("set search_path = public, pgboss");
    await client.query(`vacuum analyze ${bigTables.join(", ")}`);
    recorder = recordingDatabase(t.config.databaseUrl);
    db = recorder.db;
    // pg-boss on the recording pool: the job fetch is recorded like the services' statements.
    jobs = await startSendingOnly({
      adapter: {
        executeSql: (text: string, values?: unknown[]) => recorder.pool.query(text, values ?? []),
      },
    });
  }, 180_000);

  afterAll(async () => {
    await jobs?.stop();
    await recorder?.pool.end();
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
      await expectPlan(client, statements[0]!, expectation);
      await expectPlan(client, statements[0]!, expectation, { generic: true });
      // The wallet watered each plant every day for a year: a crop's latest watering (which says whether it is today's)
      // is one probe (at most one row), not a walk over its 365 days (18,250 rows here).
      expect(await rowsReadFrom(client, statements[0]!, "waterings")).toBeLessThanOrEqual(50);
    });

    describe.each(boards)("GET /api/leaderboard?by=%s", (by) => {
      it("serves the first page from the board's rank index, in order", async () => {
        const { answer, statements } = await capture((db) =>
          readLeaderboardJson(db, new MemoryCacheStore(), { by, limit: 20 }, null),
        );
        expect(JSON.parse(answer).entries).toHaveLength(20);
        expect(statements).toHaveLength(1);
        await expectPlan(client, statements[0]!, { reads: ["players"] });
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
        await expectPlan(client, statements[0]!, {
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
        await expectPlan(client, statements[1]!, { reads: ["players"] });
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
        await expectPlan(client, statements[0]!, { reads: ["players", "season_scores"], sorts: "bounded" });
      });

      // `desc nulls last`, as players_season_rank_idx is ordered: plain `desc` (nulls first) sorted the week's players.
      it("serves this week's top ten from players_season_rank_idx", async () => {
        const { statements } = await capture((db) => readSeasons(db, now, 4));
        await expectPlan(client, statements[1]!, { reads: ["players"] });
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
        await expectPlan(client, statements[0]!, expectation, { generic });
      });
    });

    describe("GET /api/admin/farmers?status=pending_review", () => {
      it("serves the first page of the KYC queue from farmers_status_submitted_idx, in order", async () => {
        const { answer, statements } = await capture((db) =>
          listFarmers(db, { status: "pending_review", limit: 20 }),
        );
        expect(answer.rows).toHaveLength(20);
        expect(answer.rows.every(({ documents }) => documents.length > 0)).toBe(true);
        // The page and its documents in one statement (it was two).
        expect(statements).toHaveLength(1);
        for (const generic of [false, true])
          await expectPlan(client, statements[0]!, { reads: ["farmers", "farmer_documents"] }, { generic });
      });

      // The row comparison `(submitted_at, id) > ($1, $2)` is an index condition of farmers_status_submitted_idx; the
      // OR of two conditions it replaced was not, and a deep page walked the whole queue before it.
      it("serves a deep cursor (the 1,000th registration) starting at the cursor", async () => {
        const deep = await listFarmers(db, { status: "pending_review", limit: 1000 });
        const { answer, statements } = await capture((db) =>
          listFarmers(db, { status: "pending_review", limit: 20, cursor: deep.nextCursor! }),
        );
        expect(answer.rows[0]!.farmer.submittedAt > deep.rows[999]!.farmer.submittedAt).toBe(true);
        expect(statements).toHaveLength(1);
        await expectPlan(client, statements[0]!, {
          reads: ["farmers", "farmer_documents"],
          cursorOn: { table: "farmers", condition: /submitted_at/ },
        });
      });
    });

    describe("notifications", () => {
      it("serves GET /api/notifications (a page of 600 and the unread count) from notifications_recipient_idx", async () => {
        const { answer, statements } = await capture((db) => readInbox(db, me, 50));
        expect(answer.items).toHaveLength(50);
        // Newest first by the number, not by its text ("9" after "10"): the page is the index's order.
        const ids = answer.items.map((item) => BigInt(item.id));
        expect(ids).toEqual([...ids].sort((a, b) => (a < b ? 1 : -1)));
        expect(statements).toHaveLength(2);
        for (const statement of statements) await expectPlan(client, statement, { reads: ["notifications"] });
      });

      it("serves GET /api/notifications/unread (the header's badge) from notifications_recipient_idx", async () => {
        const { answer, statements } = await capture((db) => unreadCount(db, me));
        expect(answer).toBeGreaterThan(0);
        expect(statements).toHaveLength(1);
        await expectPlan(client, statements[0]!, { reads: ["notifications"] });
        // Its unread ones only (half of its 600 here), not every notification it ever had.
        const unread = await client.query<{ n: number }>(
          "select count(*)::int as n from notifications where recipient = $1 and read_at is null",
          [me.toLowerCase()],
        );
        expect(await rowsReadFrom(client, statements[0]!, "notifications")).toBe(unread.rows[0]!.n);
      });

      // The fetch is pg-boss's (FOR UPDATE SKIP LOCKED over its queued jobs, behind 100,000 completed ones); the claim
      // is the delivery's read of the fetched jobs' rows (by primary key), each with its address and switch.
      it("fetches a batch of e-mail jobs and claims their outbox rows by index", async () => {
        const delivery = new NotificationDelivery(db, t.app.config, jobs, null, t.app.log);
        const { answer, statements } = await capture(() => jobs.runOnce((batch) => delivery.handle(batch)));
        expect(answer).toBeGreaterThan(0);
        expect(answer).toBeLessThanOrEqual(pendingNotifications);
        const fetch = statements.find((statement) => /skip locked/i.test(statement.text))!;
        const claim = statements.find((statement) => statement.text.includes("email_status = 'sending'"))!;
        // pg-boss's statement joins its picked ids back with UPDATE ... FROM: probes by primary key as planned, but a
        // hash over the whole job table once nested loops are priced out. Its shape is pg-boss's to change, not ours.
        await expectPlan(
          client,
          fetch,
          { reads: ["job_common"] },
          nestLoop ? {} : { knownDefect: ["Seq Scan on job_common"] },
        );
        await expectPlan(client, claim, { reads: ["notifications"] });
      });
    });

    it("serves GET /api/user/profile's reads (the player and the investment figures, one statement) from indexes", async () => {
      const { answer, statements } = await capture((db) => readProfileGame(db, me, now));
      expect(answer.stats.activeCrops).toBeGreaterThan(0);
      expect(statements).toHaveLength(1);
      await expectPlan(client, statements[0]!, {
        reads: [
          "players",
          "chain_investments",
          "chain_refunds",
          "chain_harvests",
          "chain_positions",
          "chain_invoices",
        ],
      });
    });
  });
});
