import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  addSeasonXp,
  addSeasonXpSql,
  MS_PER_DAY,
  type PlayerSeason,
  passTiersCatchUpSql,
  passTiersCrossed,
  type ReachedTier,
  recordReachedTiers,
  SEASON_PASS_TIERS,
  seasonFromId,
  seasonIdSql,
  seasonOf,
  seasonPassTriggerSql,
  takeBackSeasonXp,
  takeBackSeasonXpSql,
} from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection, migrationsFolder } from "../src/adapters/db/connect";
import { type Executor, queryRows } from "../src/adapters/db/database";
import { diffParameters } from "./game-rules-state";
import { createTestDatabase } from "./helpers";

// The season pass's tiers as the players trigger records them (0021's SQL, written from @farm/core's
// passTiersCrossedSql) against core's passTiersCrossed: random players move their season XP through the SQL forms of
// the rules that move it (addSeasonXpSql for a gain at a moment, takeBackSeasonXpSql for a reorg, a row inserted with
// season XP already on it), and the tiers recorded must be exactly those core reaches, each once, with its time.

const backends = [
  { name: "PGlite", url: async () => ({ url: undefined, drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "PostgreSQL", url: createTestDatabase }] : []),
];

type Move =
  | { kind: "gain"; player: number; xp: number; ms: number }
  | { kind: "takeBack"; player: number; xp: number }
  | { kind: "insert"; player: number; xp: number; ms: number };

const ADDRESSES = ["0xA1", "0xa2", "0xB3"].map((tail) => `0x${"0".repeat(37)}${tail.slice(2)}`);
/** Four weeks from a Monday, and XP around the thresholds. */
const START = Date.UTC(2026, 2, 9);
const player = fc.integer({ min: 0, max: ADDRESSES.length - 1 });
const xp = fc.oneof(
  fc.integer({ min: 0, max: 60 }),
  fc.constantFrom(...SEASON_PASS_TIERS.flatMap((t) => [t - 1, t])),
);
const ms = fc.integer({ min: 0, max: 28 * MS_PER_DAY - 1 });
const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("gain" as const), player, xp, ms }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("takeBack" as const), player, xp }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("insert" as const), player, xp, ms }) },
);

/** Applies a move with the SQL forms; the row is created with no season when it does not exist yet. */
async function applySql(db: Executor, m: Move): Promise<void> {
  const address = ADDRESSES[m.player]!;
  if (m.kind === "insert") {
    const at = new Date(START + m.ms);
    await db.execute(sql`insert into players (address, water, water_day, season, season_xp, season_reached_at)
      values (${address}, 100, 0, ${seasonOf(at).id}, ${m.xp}, ${at.toISOString()}::timestamptz)
      on conflict (address) do nothing`);
    return;
  }
  await db.execute(sql`insert into players (address, water, water_day) values (${address}, 100, 0)
    on conflict (address) do nothing`);
  if (m.kind === "gain") {
    const at = new Date(START + m.ms);
    await db.execute(sql`update players set ${addSeasonXpSql(sql, seasonOf(at).id, sql`${m.xp}::int`, at.toISOString())}
      where address = ${address}`);
  } else {
    const taken = sql`(select address, season, ${m.xp}::int as xp from players where address = ${address})`;
    await db.execute(
      sql`update players set ${takeBackSeasonXpSql(sql, taken).held} where address = ${address}`,
    );
  }
}

/** The same move in core: the new season state, or null when the move changes nothing. */
function applyCore(state: PlayerSeason | undefined, m: Move): PlayerSeason | null {
  const none: PlayerSeason = { season: "", xp: 0, reachedAt: new Date(START) };
  if (m.kind === "insert") {
    if (state) return null;
    const at = new Date(START + m.ms);
    return { season: seasonOf(at).id, xp: m.xp, reachedAt: at };
  }
  const from = state ?? none;
  if (m.kind === "gain") return addSeasonXp(from, m.xp, new Date(START + m.ms)).state;
  return takeBackSeasonXp(from, from.season, m.xp);
}

describe.each(backends)("the season pass trigger against @farm/core ($name)", ({ url }) => {
  let connection: DatabaseConnection;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await url();
    drop = database.drop;
    connection = await connectDatabase({ databaseUrl: database.url, dataDir: "memory://" });
  });
  afterAll(async () => {
    await connection.close();
    await drop();
  });

  it("is the migration's trigger: core's SQL, word for word", async () => {
    const migration = await readFile(join(migrationsFolder, "0021_garden_decorations.sql"), "utf8");
    const rendered = new PgDialect().sqlToQuery(seasonPassTriggerSql<SQL>(sql));
    expect(rendered.params).toEqual([]);
    expect(migration).toContain(rendered.sql);
  });

  it("records, when applied, the tiers players already passed in the running week only", async () => {
    const db = connection.db;
    await db.execute(sql`truncate players, season_pass_tiers`);
    const [{ week }] = (await queryRows<{ week: string }>(
      db,
      sql`select ${seasonIdSql(sql, sql`now()`)} as week`,
    )) as [{ week: string }];
    const at = new Date(seasonFromId(week)!.startsAt.getTime() + 3_600_000);
    // Rows as they stood before the trigger existed.
    await db.execute(sql`alter table players disable trigger user`);
    try {
      for (const [address, season, xp] of [
        [ADDRESSES[0], week, 160],
        [ADDRESSES[1], "2020-W01", 400],
        [ADDRESSES[2], week, 49],
      ] as const)
        await db.execute(sql`insert into players (address, water, water_day, season, season_xp, season_reached_at)
          values (${address}, 100, 0, ${season}, ${xp}, ${at.toISOString()}::timestamptz)`);
    } finally {
      await db.execute(sql`alter table players enable trigger user`);
    }
    await db.execute(passTiersCatchUpSql<SQL>(sql));
    await db.execute(passTiersCatchUpSql<SQL>(sql));
    const rows = await queryRows<{ address: string; season: string; tier: number }>(
      db,
      sql`select address, season, tier from season_pass_tiers order by tier`,
    );
    expect(rows).toEqual([
      { address: ADDRESSES[0], season: week, tier: 1 },
      { address: ADDRESSES[0], season: week, tier: 2 },
    ]);
  });

  it("records exactly the tiers core reaches, once each, kept when XP is taken back", async () => {
    const seen = { tiers: 0, takenBackBelow: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 30 }), async (moves) => {
        const db = connection.db;
        await db.execute(sql`truncate players, season_pass_tiers`);
        const states = new Map<number, PlayerSeason>();
        const kept = new Map<number, ReachedTier[]>();
        for (const m of moves) {
          await applySql(db, m);
          const before = states.get(m.player);
          const after = applyCore(before, m);
          if (!after) continue;
          const crossed = passTiersCrossed(
            before ?? { season: "", xp: 0, reachedAt: new Date(START) },
            after,
          );
          kept.set(m.player, recordReachedTiers(kept.get(m.player) ?? [], crossed));
          states.set(m.player, after);
        }
        const expected = [...kept].flatMap(([p, tiers]) =>
          tiers.map((tier) => ({ ...tier, address: ADDRESSES[p]! })),
        );
        const rows = await queryRows<{
          address: string;
          season: string;
          tier: number;
          reached_at: Date | string;
        }>(db, sql`select address, season, tier, reached_at from season_pass_tiers`);
        const key = (r: { address: string; season: string; tier: number }) =>
          `${r.address}|${r.season}|${r.tier}`;
        expect(rows.map((row) => `${key(row)}|${new Date(row.reached_at).toISOString()}`).sort()).toEqual(
          expected.map((tier) => `${key(tier)}|${tier.reachedAt.toISOString()}`).sort(),
        );
        // The row the SQL left is core's state too.
        const players = await queryRows<{ address: string; season: string; season_xp: number }>(
          db,
          sql`select address, season, season_xp from players`,
        );
        for (const row of players) {
          const state = states.get(ADDRESSES.indexOf(row.address));
          expect([row.season, row.season_xp]).toEqual([state?.season ?? "", state?.xp ?? 0]);
          const held = expected.filter((tier) => tier.address === row.address && tier.season === row.season);
          if (held.some((tier) => SEASON_PASS_TIERS[tier.tier - 1]! > row.season_xp))
            seen.takenBackBelow += 1;
        }
        seen.tiers += rows.length;
      }),
      diffParameters(Number(process.env.FARM_GAME_DIFF_RUNS ?? 200) / 2),
    );
    // The cases reached tiers, and some kept a tier whose XP a reorg took back.
    expect(seen.tiers).toBeGreaterThan(50);
    expect(seen.takenBackBelow).toBeGreaterThan(0);
  }, 120_000);
});
