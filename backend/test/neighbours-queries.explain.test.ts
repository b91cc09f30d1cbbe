import { seasonOf, utcDay } from "@farm/core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import { readLeaderboardJson } from "../src/services/game/leaderboard";
import { readPublicGarden } from "../src/services/neighbours/gardens";
import { helpNeighbour } from "../src/services/neighbours/helps";
import { readMyTeam } from "../src/services/neighbours/teams";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { recordingDatabase } from "./hot-queries-seed";
import { type PlanNode, pagesReadFrom, planOf, type Statement } from "./query-plans";

const onPostgres = testBackends.some((backend) => backend.kind === "services");
const now = new Date();
const day = utcDay(now);
const teamId = "00000000-0000-4000-8000-00000000000a";
const wallet = (n: number) => `0x${String(n).padStart(40, "0")}`;
/** The neighbours' tables and the ones a help reads beside them, at a size where a scan would show. */
const tables = ["players", "neighbours", "garden_helps", "chain_credentials"];

/** Sequential scans and whole-table sorts of the tables above: what would make a help cost more as players join. */
function scansOf(nodes: PlanNode[]): string[] {
  return nodes
    .filter((node) => tables.includes(node["Relation Name"] ?? "") && node["Node Type"].endsWith("Seq Scan"))
    .map((node) => `Seq Scan on ${node["Relation Name"]}`);
}

/**
 * A help, a public garden and a leaderboard page with 50,000 players, 50,000 neighbours (half of them public),
 * 50,000 credentials and 200,000 helps: every probe of the neighbours' tables must be an index lookup, in the plan
 * for these values and in the generic plan the prepared help statement may settle on (decision 0063: a help costs
 * what a watering does, whatever the number of players).
 */
describe.runIf(onPostgres)("neighbours' plans on PostgreSQL", () => {
  let t: TestApp;
  let client: pg.Client;
  let recorder: ReturnType<typeof recordingDatabase>;

  beforeAll(async () => {
    t = await startTestApp({
      kind: "services",
      env: { DB_STATEMENT_TIMEOUT_MS: "300000", NOTIFY_WORKER: "false" },
    });
    const n = (column: string) => sql.raw(`'0x' || lpad((${column})::text, 40, '0')`);
    await t.app.db.execute(sql`insert into players (address, xp, level, water, water_day)
      select ${n("g")}, g % 5000, 1, 100, ${day} from generate_series(1, 50000) g`);
    await t.app.db.execute(sql`insert into neighbours (address, garden_public, garden_slug)
      select ${n("g")}, g % 2 = 0, translate(lpad(g::text, 16, '0'), '0123456789', 'abcdefghij') from generate_series(1, 50000) g`);
    await t.app.db.execute(sql`insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
      select ${n("g")}, 1, ${Math.floor(now.getTime() / 1000) + 86_400}, false, 0, 1 from generate_series(1, 50000) g`);
    await t.app.db.execute(sql`insert into garden_helps (helper, owner, day, helper_xp, owner_xp)
      select ${n("g % 50000 + 1")}, ${n("(g * 7) % 50000 + 1")}, ${day} - (g % 40) - 1, 5, 5
      from generate_series(1, 200000) g on conflict do nothing`);
    // A full neighbourhood (wallets 1-10) whose members joined a year ago and watered 20 plants every day since.
    await t.app.db.execute(sql`insert into teams (id, name, invite_code, member_count, created_by)
      values (${teamId}::uuid, 'Sawah', 'SAWAH-01', 10, ${wallet(1)})`);
    await t.app.db.execute(sql`insert into team_members (address, team_id, joined_at)
      select ${n("g")}, ${teamId}::uuid, now() - interval '366 days' from generate_series(1, 10) g`);
    await t.app.db.execute(sql`insert into waterings (address, token_id, day, xp_gained, watered_at)
      select ${n("m")}, k, ${day} - d, 5, now() - make_interval(days => d)
      from generate_series(1, 10) m, generate_series(1, 20) k, generate_series(0, 364) d`);
    client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    await client.query(`vacuum analyze ${[...tables, "waterings", "team_members"].join(", ")}`);
    recorder = recordingDatabase(t.config.databaseUrl);
  }, 180_000);

  afterAll(async () => {
    await recorder?.pool.end();
    await client?.end();
    await t?.close();
  });

  const expectIndexed = async (statement: Statement, generic = false) => {
    const nodes = await planOf(client, statement, { generic });
    const read = new Set(nodes.map((node) => node["Relation Name"]).filter(Boolean));
    return { scans: scansOf(nodes), read };
  };

  it("helps in one statement of index probes", async () => {
    const { answer, statements } = await recorder.capture((db) =>
      helpNeighbour(db, wallet(31), lpadSlug(20000), { chainNow: now, wallNow: now }),
    );
    expect(answer.xpGained).toBe(5);
    expect(statements).toHaveLength(1);
    for (const generic of [false, true]) {
      const { scans, read } = await expectIndexed(statements[0]!, generic);
      expect(scans, `generic ${generic}`).toEqual([]);
      for (const table of tables) expect(read, `reads ${table}`).toContain(table);
    }
  });

  // Migration 0028: pages keep room, so a help's counter updates stay on their page and leave both indexes alone.
  it("updates the helper's and the owner's neighbours rows in place (HOT), on pages filled by a bulk load", async () => {
    const pageOf = async (address: string) =>
      (
        await client.query<{ page: number }>(
          "select (ctid::text::point)[0]::int as page from neighbours where address = $1",
          [address],
        )
      ).rows[0]?.page;
    // Rows on pages no other test of this file updates (a dead row version left there would make room).
    const rows = [wallet(1000), wallet(30004)];
    const before = await Promise.all(rows.map(pageOf));
    const helped = await helpNeighbour(t.app.db, wallet(1000), lpadSlug(30004), {
      chainNow: now,
      wallNow: now,
    });
    expect(helped.xpGained).toBe(5);
    expect(await Promise.all(rows.map(pageOf))).toEqual(before);
  });

  it("reads a public garden and a leaderboard page without scanning the neighbours", async () => {
    const garden = await recorder.capture((db) =>
      readPublicGarden(
        db,
        lpadSlug(40000),
        { address: wallet(7), chainNow: now },
        { chainNow: now, wallNow: now },
      ),
    );
    expect(garden.answer.help.blocker).toBeNull();
    const page = await recorder.capture((db) =>
      readLeaderboardJson(db, new MemoryCacheStore(), { by: "xp", limit: 20 }, null),
    );
    expect(JSON.parse(page.answer).entries.some((entry: { garden?: string }) => entry.garden)).toBe(true);
    for (const statement of [...garden.statements, ...page.statements])
      expect((await expectIndexed(statement)).scans, statement.text).toEqual([]);
  });

  it("counts a neighbourhood's week from the week's days, not from its members' whole history", async () => {
    const { answer, statements } = await recorder.capture((db) => readMyTeam(db, wallet(3), now));
    // Each member watered 20 plants on each of the week's days so far (the seeds' days count back from today).
    const daysSoFar = day - Math.floor(seasonOf(now).startsAt.getTime() / 86_400_000) + 1;
    const start = day - daysSoFar + 1;
    const helps = await client.query<{ n: number }>(
      "select count(*)::int as n from garden_helps where helper in (select address from team_members) and day >= $1 and day < $2",
      [start, start + 7],
    );
    expect(answer.team?.event.points).toBe(10 * 20 * daysSoFar + helps.rows[0]!.n);
    const counting = statements.filter((statement) => statement.text.includes("from waterings"));
    // Last week's and this week's goals are checked, then this week is read.
    expect(counting).toHaveLength(3);
    // A member's week is at most 140 waterings: a descent and a leaf or two of an index (32 pages for the ten here).
    // The old count walked each member's year through the primary key: 1,172 pages.
    for (const statement of counting)
      expect(await pagesReadFrom(client, statement, "waterings"), statement.text).toBeLessThanOrEqual(
        10 * 10,
      );
  });
});

/** The seeded slug of wallet n: its 16 zero-padded digits written as the letters a-j. */
function lpadSlug(n: number): string {
  return [...String(n).padStart(16, "0")].map((digit) => "abcdefghij"[Number(digit)]).join("");
}
