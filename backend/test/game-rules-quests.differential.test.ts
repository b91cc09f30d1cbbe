import {
  addSeasonXp,
  cropQuestFacts,
  currentWater,
  drawBoards,
  levelForXp,
  progressBoards,
  seasonOf,
  unlockAchievements,
  utcDay,
  VISIT_PLACES,
  type VisitPlace,
} from "@farm/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { recordVisit } from "../src/services/game/visits";
import {
  buildFacts,
  diffParameters,
  factsCase,
  freshFacts,
  type GameFacts,
  insertFacts,
  readArchive,
  readFacts,
  readLevelUps,
  sortedUnion,
  statsOf,
} from "./game-rules-state";
import { pgliteTemplate } from "./pglite-template";

// The visit statement (services/game/visits.ts) and the draw it stores first (services/game/boards.ts) against
// @farm/core's drawBoards and progressBoards, on PGlite: random players (boards of today, another day or none, any
// progress, near the caps), a visit of any place, once or twice. The boards, XP, level, level-ups, season and its
// archive and achievements the statements leave must be what core holds, and the answer what core completes.

const scenario = fc.record({
  player: fc.option(factsCase, { freq: 6 }),
  /** Places visited in turn (no seeds here, so no fact sheet), the first one again at the end or not. */
  places: fc.shuffledSubarray(
    VISIT_PLACES.filter((place) => place !== "factsheet"),
    { minLength: 1 },
  ),
  twice: fc.boolean(),
  wallMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
});

interface CoreVisit {
  after: GameFacts;
  answer: { counted: boolean; xpGained: number; questsCompleted: string[]; choresCompleted: string[] };
  levelUps: number[];
  archived: GameFacts["season"] | null;
}

/** What core says one visit does: the day's draw if none yet (nothing to tend here), then the place's progress. */
function coreVisit(address: string, start: GameFacts, place: VisitPlace, now: Date): CoreVisit {
  const day = utcDay(now);
  const week = seasonOf(now).id;
  // The database holds no crops, seeds or listings: the facts are an empty garden with this tank.
  const facts = cropQuestFacts([], currentWater(start.player, now), now, { seeds: 0, listing: false });
  const boards = drawBoards(start.boards, address, facts, day, week);
  const moved = progressBoards(boards, { [place]: 1 }, day, week);
  const xp = start.player.xp + moved.xp;
  const level = levelForXp(xp);
  const season = addSeasonXp(start.season, moved.xp, now);
  const after: GameFacts = {
    ...start,
    player: { ...start.player, xp, level },
    boards: moved.boards,
    questDays: start.questDays + (moved.dayCompleted ? 1 : 0),
    season: season.state,
  };
  after.unlocked = sortedUnion(start.unlocked, unlockAchievements(new Set(start.unlocked), statsOf(after)));
  const levelUps: number[] = [];
  for (let reached = start.player.level + 1; reached <= level; reached++) levelUps.push(reached);
  return {
    after,
    answer: {
      counted: true,
      xpGained: moved.xp,
      questsCompleted: moved.questsCompleted,
      choresCompleted: moved.choresCompleted,
    },
    levelUps,
    archived: season.archived,
  };
}

describe("the visit and draw statements against @farm/core's rules (PGlite, random players)", () => {
  let connection: DatabaseConnection;
  let id = 1;
  beforeAll(async () => {
    connection = await connectDatabase({
      databaseUrl: undefined,
      dataDir: "memory://",
      pgliteTemplate: await pgliteTemplate(),
    });
  });
  afterAll(() => connection.close());

  it("draws, moves the boards, gives capped XP and counts a visit once a day as core does", async () => {
    const seen = { drawn: 0, quests: 0, chores: 0, xp: 0, capped: 0, questDays: 0, levelUps: 0, archived: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ player, places, twice, wallMs }) => {
        const db = connection.db;
        const now = new Date(wallMs);
        const clock = { wallNow: now, chainNow: now };
        const address = `0x${(id++).toString(16).padStart(40, "0")}`;
        const start = player ? buildFacts(player, address, now) : null;
        if (start) await insertFacts(db, address, start);
        let facts = start ?? freshFacts(now);
        const levelUps: number[] = [];
        let archived: GameFacts["season"] | null = null;
        for (const place of places) {
          const core = coreVisit(address, facts, place, now);
          expect(await recordVisit(db, address, { place }, clock)).toEqual(core.answer);
          facts = core.after;
          levelUps.push(...core.levelUps);
          archived ??= core.archived;
          seen.quests += core.answer.questsCompleted.length;
          seen.chores += core.answer.choresCompleted.length;
          if (core.answer.xpGained > 0) seen.xp += 1;
          const completions =
            core.answer.questsCompleted.length * 10 + core.answer.choresCompleted.length * 30;
          if (core.answer.xpGained < completions) seen.capped += 1;
        }
        if (twice)
          expect(await recordVisit(db, address, { place: places[0]! }, clock)).toEqual({
            counted: false,
            xpGained: 0,
            questsCompleted: [],
            choresCompleted: [],
          });
        expect(await readFacts(db, address)).toEqual(facts);
        expect(await readLevelUps(db, address)).toEqual(levelUps);
        expect(await readArchive(db, address)).toEqual(
          archived ? [[archived.season, archived.xp, archived.reachedAt.getTime()]] : [],
        );

        if (start?.boards.quests.day !== utcDay(now)) seen.drawn += 1;
        if (facts.questDays > (start?.questDays ?? 0)) seen.questDays += 1;
        seen.levelUps += levelUps.length;
        if (archived) seen.archived += 1;
      }),
      diffParameters(),
    );
    // The generator reaches every outcome.
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});
