import {
  type LeaderboardKind,
  MS_PER_DAY,
  rankScores,
  type SeasonScore,
  seasonIdSql,
  seasonOf,
  seasonPodium,
} from "@farm/core";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../src/adapters/cache";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { players, seasonScores } from "../src/db/schema";
import { readLeaderboardJson } from "../src/services/game/leaderboard";
import { readSeasons } from "../src/services/game/state";
import { diffParameters } from "./game-rules-state";
import { pgliteTemplate } from "./pglite-template";

// Seasons and boards as the SQL decides them against @farm/core: a week's id (seasonIdSql against seasonOf), the
// leaderboard's seasons (readSeasons: the running week's top ten and the finished weeks' podiums, archived once)
// against seasonPodium, and the all-time boards' pages and own rank against rankScores, with ties in score and time,
// so the address decides, in mixed case.

const WEEK_MS = 7 * MS_PER_DAY;

/** Instants of 1990-2100, half of them within a week of a new year, where ISO week years differ from calendar years. */
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
  fc
    .tuple(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: -WEEK_MS, max: WEEK_MS }))
    .map(([year, offset]) => Date.UTC(year, 0, 1) + offset),
);

/** A player of the running week or of one of the two before: its held week, score, time, and archived weeks. */
const playerCase = fc.record({
  /** The address's hex digits in mixed case: ties fall to the address, compared as the database compares it. */
  address: fc.stringMatching(/^[0-9a-fA-F]{4}$/),
  held: fc.constantFrom(0, 1, 2),
  xp: fc.integer({ min: 0, max: 6 }),
  /** One of three moments, so times tie too. */
  at: fc.integer({ min: 0, max: 2 }),
  archived: fc.array(
    fc.option(fc.record({ xp: fc.integer({ min: 0, max: 6 }), at: fc.integer({ min: 0, max: 2 }) })),
    {
      minLength: 2,
      maxLength: 2,
    },
  ),
});

describe("seasons in SQL against @farm/core (PGlite)", () => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await connectDatabase({
      databaseUrl: undefined,
      dataDir: "memory://",
      pgliteTemplate: await pgliteTemplate(),
    });
  });
  afterAll(() => connection.close());

  it("names every week as seasonOf does (ISO week-numbering year, UTC)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 50 }), async (instants) => {
        const at = instants.map((ms) => new Date(ms).toISOString());
        const rows = await queryRows<{ id: string }>(
          connection.db,
          sql`select ${seasonIdSql(sql, sql`t.at`)} as id
            from unnest(${`{${at.join(",")}}`}::timestamptz[]) with ordinality as t(at, n) order by t.n`,
        );
        expect(rows.map((row) => row.id)).toEqual(instants.map((ms) => seasonOf(new Date(ms)).id));
      }),
      diffParameters(40),
    );
  });

  it("ranks the running week and keeps each finished week's top ten once, as seasonPodium does", async () => {
    const seen = { current: 0, past: 0, ties: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(playerCase, { minLength: 1, maxLength: 24, selector: (p) => p.address.toLowerCase() }),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
        async (cases, nowMs) => {
          const db = connection.db;
          await db.execute(sql`truncate players, season_scores, season_podiums`);
          const now = new Date(nowMs);
          // Week 0 is the running one; 1 and 2 finished before it.
          const weeks = [0, 1, 2].map((k) => seasonOf(new Date(nowMs - k * WEEK_MS)));
          const moments = [3, 2, 1].map(
            (hours) => new Date(weeks[2]!.startsAt.getTime() + hours * 3_600_000),
          );
          const scores = new Map<string, SeasonScore[]>(weeks.map((week) => [week.id, []]));
          for (const p of cases) {
            const address = `0x${"0".repeat(36)}${p.address}`;
            const week = weeks[p.held]!.id;
            await db.insert(players).values({
              address,
              water: 100,
              waterDay: 0,
              season: week,
              seasonXp: p.xp,
              seasonReachedAt: moments[p.at]!,
            });
            scores.get(week)!.push({ address, score: p.xp, reachedAt: moments[p.at]! });
            // A player archived only the weeks before the one it holds.
            for (const [k, archived] of p.archived.entries()) {
              const past = p.held + 1 + k;
              if (!archived || past > 2) continue;
              await db.insert(seasonScores).values({
                season: weeks[past]!.id,
                address,
                xp: archived.xp,
                reachedAt: moments[archived.at]!,
              });
              scores
                .get(weeks[past]!.id)!
                .push({ address, score: archived.xp, reachedAt: moments[archived.at]! });
            }
          }
          const entries = (week: string) =>
            seasonPodium(scores.get(week)!).map((score, i) => ({
              rank: i + 1,
              address: score.address,
              name: null,
              avatar: null,
              score: String(score.score),
            }));
          const answer = await readSeasons(db, now, 4);
          expect(answer.current).toEqual({
            id: weeks[0]!.id,
            startsAt: weeks[0]!.startsAt.toISOString(),
            endsAt: weeks[0]!.endsAt.toISOString(),
            entries: entries(weeks[0]!.id),
          });
          const past = weeks
            .slice(1)
            .filter((week) => entries(week.id).length > 0)
            .map((week) => ({
              id: week.id,
              startsAt: week.startsAt.toISOString(),
              endsAt: week.endsAt.toISOString(),
              entries: entries(week.id),
            }));
          expect(answer.past).toEqual(past);
          // A finished week's podium is kept as first written: a later score of that week changes nothing.
          if (past.length > 0) {
            await db.execute(sql`update season_scores set xp = xp + 100`);
            expect((await readSeasons(db, now, 4)).past).toEqual(past);
          }

          seen.current += answer.current.entries.length;
          seen.past += past.length;
          const all = [...scores.values()].flat().filter((score) => score.score > 0);
          const keys = all.map((score) => `${score.score}:${score.reachedAt.getTime()}`);
          if (new Set(keys).size < keys.length) seen.ties += 1;
        },
      ),
      diffParameters(Number(process.env.FARM_GAME_DIFF_RUNS ?? 200) / 4),
    );
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);

  it("pages the all-time boards and places the caller as rankScores orders them", async () => {
    const boards: { by: LeaderboardKind; column: "xp" | "invested" | "yield_earned"; at: string }[] = [
      { by: "xp", column: "xp", at: "xp_reached_at" },
      { by: "invested", column: "invested", at: "invested_reached_at" },
      { by: "yield", column: "yield_earned", at: "yield_reached_at" },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            address: fc.stringMatching(/^[0-9a-fA-F]{4}$/),
            score: fc.integer({ min: 0, max: 4 }),
            at: fc.integer({ min: 0, max: 2 }),
          }),
          { minLength: 1, maxLength: 30, selector: (p) => p.address.toLowerCase() },
        ),
        fc.constantFrom(...boards),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(),
        async (cases, board, limit, pick) => {
          const db = connection.db;
          await db.execute(sql`truncate players`);
          const moments = [0, 1, 2].map((k) => new Date(Date.UTC(2026, 2, 1) + k * 3_600_000));
          const scores = cases.map((p) => ({
            address: `0x${"0".repeat(36)}${p.address}`,
            score: p.score,
            reachedAt: moments[p.at]!,
          }));
          for (const score of scores)
            await db.execute(sql`insert into players (address, water, water_day, ${sql.raw(board.column)},
                ${sql.raw(board.at)})
              values (${score.address}, 100, 0, ${score.score}, ${score.reachedAt.toISOString()}::timestamptz)`);
          const ranked = rankScores(scores.filter((score) => score.score > 0)).map((score, i) => ({
            rank: i + 1,
            address: score.address,
            name: null,
            avatar: null,
            score: String(score.score),
          }));
          const me = scores[pick % scores.length]!.address;
          const pages: unknown[] = [];
          let cursor: string | undefined;
          let mine: unknown;
          do {
            const page = JSON.parse(
              await readLeaderboardJson(db, new MemoryCacheStore(), { by: board.by, limit, cursor }, me),
            );
            pages.push(...page.entries);
            mine = page.me;
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          expect(pages).toEqual(ranked);
          expect(mine).toEqual(ranked.find((entry) => entry.address === me) ?? null);
        },
      ),
      diffParameters(Number(process.env.FARM_GAME_DIFF_RUNS ?? 200) / 4),
    );
  }, 120_000);
});
