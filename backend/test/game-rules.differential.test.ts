import { invoiceStatusNames } from "@farm/contracts";
import {
  addSeasonXp,
  assertHoldsCrop,
  type CropFacts,
  deriveCropStage,
  GameRuleError,
  type InvoiceStatusName,
  levelForXp,
  MIN_PLANTING_FOR_XP,
  MS_PER_DAY,
  progressBoards,
  recordWateringDay,
  seasonOf,
  unlockAchievements,
  utcDay,
  waterCrop,
  XP_PER_WATERING,
} from "@farm/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { chainHarvests, chainInvoices, chainPositions, waterings } from "../src/db/schema";
import { ensurePlayer } from "../src/services/game/players";
import { runWateringBatch, type WateringClock, wateringOutcome } from "../src/services/game/water";
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

// @farm/core's rules are the source; the batch statement in services/game/water.ts runs their SQL forms. Random
// players (tank, streak, quests, season, counters, a clock that went back), crops and batches go through both, on
// PGlite: every watering must come out the same (XP, level, water, streak, quests and achievements completed), every
// refusal with the same code, and the row, archive and level-ups the statement leaves must be what core holds.

const fundedStatuses = new Set<InvoiceStatusName>(["funded", "repaid", "defaulted", "settled"]);

interface CropCase {
  /** null: no such invoice on chain. */
  status: InvoiceStatusName | null;
  /** Funded this long before the chain's now (ms); maturity `tenorMs` later. */
  fundedAgoMs: number;
  /** When set, the chain's now sits this many ms from an edge instead: maturity, or the end of the grace period. */
  edge: { at: "maturity" | "grace"; offsetMs: number } | null;
  tenorMs: number;
  graceDays: number | null;
  shares: bigint;
  hasHarvested: boolean;
  wateredToday: boolean;
}

const cropCase = fc.record<CropCase>({
  status: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 12, arbitrary: fc.constantFrom(...invoiceStatusNames) },
  ),
  fundedAgoMs: fc.integer({ min: 0, max: 150 * MS_PER_DAY }),
  edge: fc.option(
    fc.record({
      at: fc.constantFrom("maturity" as const, "grace" as const),
      offsetMs: fc.integer({ min: -1, max: 1 }),
    }),
  ),
  tenorMs: fc.integer({ min: 1, max: 90 * MS_PER_DAY }),
  graceDays: fc.option(fc.integer({ min: 0, max: 60 }), { freq: 5 }),
  // None, dust (1 wei, a wei under the 10 GOLD watering needs), and mostly the 10 GOLD itself or a real holding.
  shares: fc.oneof(
    { weight: 1, arbitrary: fc.constant(0n) },
    { weight: 1, arbitrary: fc.constantFrom(1n, MIN_PLANTING_FOR_XP - 1n) },
    { weight: 4, arbitrary: fc.constantFrom(MIN_PLANTING_FOR_XP, 10n ** 20n) },
  ),
  hasHarvested: fc.boolean(),
  // Mostly not yet: a watering that goes through moves quests, seasons and achievements.
  wateredToday: fc.oneof(
    { weight: 3, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
});

const scenario = fc.record({
  player: fc.option(factsCase, { freq: 6 }),
  crops: fc.array(cropCase, { minLength: 1, maxLength: 4 }),
  /** The server's clock: any moment of a day in 2026. */
  wallMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
  /** The chain's clock against the server's: a little behind, or well ahead (a test chain moved forward). */
  chainAheadMs: fc.integer({ min: -2 * MS_PER_DAY, max: 120 * MS_PER_DAY }),
});

type Expected =
  | {
      kind: "watered";
      xp: number;
      level: number;
      water: number;
      streak: number;
      achievementsUnlocked: string[];
      questsCompleted: string[];
      choresCompleted: string[];
    }
  | { kind: "refused"; code: string };

interface CoreBatch {
  answers: Expected[];
  /** The row after the batch (null: still none). */
  after: GameFacts | null;
  levelUps: number[];
  archived: GameFacts["season"] | null;
}

/** What @farm/core says the batch comes to: each watering applied one after the other, then the day's progress. */
function coreBatch(
  start: GameFacts | null,
  facts: (CropFacts | null)[],
  wateredToday: boolean[],
  tokenIds: bigint[],
  clock: WateringClock,
): CoreBatch {
  const before = start ?? freshFacts(clock.wallNow);
  let { player, streak } = before;
  const levelUps: number[] = [];
  let lastLevelBefore = player.level;
  const answers = facts.map((crop, n): Expected => {
    if (crop === null) return { kind: "refused", code: "NOT_FOUND" };
    try {
      assertHoldsCrop(crop, tokenIds[n] as bigint);
      const stage = deriveCropStage(crop, clock.chainNow);
      const next = waterCrop(
        player,
        { type: "waterCrop", stage, shares: crop.shares, wateredToday: wateredToday[n] as boolean },
        clock.wallNow,
      );
      lastLevelBefore = player.level;
      if (next.level > player.level) levelUps.push(next.level);
      player = next;
      streak = recordWateringDay(streak, { type: "recordWateringDay" }, clock.wallNow);
      const { xp, level, water } = player;
      return {
        kind: "watered",
        xp,
        level,
        water,
        streak: streak.current,
        achievementsUnlocked: [],
        questsCompleted: [],
        choresCompleted: [],
      };
    } catch (error) {
      if (error instanceof GameRuleError) return { kind: "refused", code: error.code };
      throw error;
    }
  });
  const watered = answers.filter((answer) => answer.kind === "watered");
  if (watered.length === 0) return { answers, after: start, levelUps, archived: null };
  // The day's first watering moves the water-days chores; the tasks' XP comes with the batch's last watering.
  const boards = progressBoards(
    before.boards,
    { water: watered.length, waterDay: (before.streak.lastDay ?? -1) < utcDay(clock.wallNow) ? 1 : 0 },
    utcDay(clock.wallNow),
    seasonOf(clock.wallNow).id,
  );
  if (boards.xp > 0) {
    if (player.level > lastLevelBefore) levelUps.pop();
    const xp = player.xp + boards.xp;
    player = { ...player, xp, level: levelForXp(xp) };
    for (let level = lastLevelBefore + 1; level <= player.level; level++) levelUps.push(level);
  }
  const season = addSeasonXp(before.season, XP_PER_WATERING * watered.length + boards.xp, clock.wallNow);
  const after: GameFacts = {
    ...before,
    player,
    streak,
    boards: boards.boards,
    questDays: before.questDays + (boards.dayCompleted ? 1 : 0),
    counts: { ...before.counts, waterings: before.counts.waterings + watered.length },
    season: season.state,
  };
  const unlocked = unlockAchievements(new Set(before.unlocked), statsOf(after));
  after.unlocked = sortedUnion(before.unlocked, unlocked);
  // The answer names what the batch completed once, on the wallet's last watering.
  const last = watered.at(-1);
  if (last?.kind === "watered") {
    last.achievementsUnlocked = [...unlocked].sort();
    last.questsCompleted = boards.questsCompleted;
    last.choresCompleted = boards.choresCompleted;
    last.xp = player.xp;
    last.level = player.level;
  }
  return { answers, after, levelUps, archived: season.archived };
}

/** Writes the crops into the chain index as the indexer would; returns their token ids and core's facts of each. */
async function seedCrops(
  db: DatabaseConnection["db"],
  address: string,
  crops: readonly CropCase[],
  clock: WateringClock,
  nextId: () => number,
): Promise<{ tokenIds: bigint[]; facts: (CropFacts | null)[] }> {
  const tokenIds: bigint[] = [];
  const facts: (CropFacts | null)[] = [];
  for (const crop of crops) {
    const tokenId = BigInt(nextId());
    tokenIds.push(tokenId);
    if (crop.status === null) {
      facts.push(null);
      continue;
    }
    const funded = fundedStatuses.has(crop.status);
    const graceDays = funded ? crop.graceDays : null;
    const edgeMs = crop.edge && crop.tenorMs + (crop.edge.at === "grace" ? (graceDays ?? 0) * MS_PER_DAY : 0);
    const fundedAgoMs = edgeMs === null ? crop.fundedAgoMs : edgeMs + (crop.edge?.offsetMs ?? 0);
    const fundedAt = funded ? new Date(clock.chainNow.getTime() - fundedAgoMs) : null;
    const maturity = fundedAt ? new Date(fundedAt.getTime() + crop.tenorMs) : null;
    facts.push({
      status: crop.status,
      fundedAt,
      maturity,
      graceDays,
      shares: crop.shares,
      hasHarvested: crop.hasHarvested,
    });
    await db.insert(chainInvoices).values({
      tokenId,
      farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      amount: 10n ** 21n,
      funded: funded ? 10n ** 21n : 0n,
      repaid: 0n,
      yieldBps: 1000,
      tenorDays: 30,
      fundingDeadline: clock.chainNow,
      fundedAt,
      maturity,
      status: crop.status,
      referenceHash: `0x${tokenId.toString(16).padStart(64, "0")}`,
      recovered: 0n,
      graceDays,
      submittedBlock: 1,
      updatedBlock: 1,
      updatedLogIndex: 0,
    });
    if (crop.shares > 0n)
      await db.insert(chainPositions).values({ tokenId, holder: address, shares: crop.shares });
    if (crop.hasHarvested) {
      const id = `0x${tokenId.toString(16).padStart(64, "0")}:0`;
      await db.insert(chainHarvests).values({
        id,
        tokenId,
        holder: address,
        shares: 1n,
        principal: 1n,
        yield: 0n,
        blockNumber: 1,
        blockTime: clock.chainNow,
        txHash: id.slice(0, 66),
      });
    }
    if (crop.wateredToday)
      await db
        .insert(waterings)
        .values({ address, tokenId, day: utcDay(clock.wallNow), xpGained: 5, wateredAt: clock.chainNow });
  }
  return { tokenIds, facts };
}

describe("the watering statement against @farm/core's rules (PGlite, random states and batches)", () => {
  let connection: DatabaseConnection;
  let id = 1;
  const nextId = () => id++;
  beforeAll(async () => {
    connection = await connectDatabase({
      databaseUrl: undefined,
      dataDir: "memory://",
      pgliteTemplate: await pgliteTemplate(),
    });
  });
  afterAll(() => connection.close());

  it("waters, levels, spends water, moves streaks, quests, seasons and achievements as core does, and refuses with core's codes", async () => {
    const seen = {
      watered: 0,
      quests: 0,
      chores: 0,
      questDays: 0,
      unlocks: 0,
      archived: 0,
      levelUps: 0,
      clockBack: 0,
    };
    const refused = new Set<string>();
    await fc.assert(
      fc.asyncProperty(scenario, async ({ player, crops, wallMs, chainAheadMs }) => {
        const db = connection.db;
        const clock: WateringClock = { wallNow: new Date(wallMs), chainNow: new Date(wallMs + chainAheadMs) };
        const address = `0x${nextId().toString(16).padStart(40, "0")}`;
        const start = player ? buildFacts(player, address, clock.wallNow) : null;
        if (start) await insertFacts(db, address, start);
        const { tokenIds, facts } = await seedCrops(db, address, crops, clock, nextId);

        // The batcher's path: one statement for the batch; a wallet without a player row is created with a full tank
        // and its waterings run again, in order.
        const requests = tokenIds.map((tokenId) => ({ address, tokenId }));
        const outcomes = (await runWateringBatch(db, requests, clock)).map((row, n) =>
          wateringOutcome(row, tokenIds[n] as bigint, clock),
        );
        const again = outcomes.flatMap((outcome, n) => (outcome.kind === "newPlayer" ? [n] : []));
        if (again.length > 0) {
          await ensurePlayer(db, address, clock.wallNow);
          const rows = await runWateringBatch(
            db,
            again.map((n) => requests[n] as (typeof requests)[number]),
            clock,
          );
          rows.forEach((row, k) => {
            const n = again[k] as number;
            outcomes[n] = wateringOutcome(row, tokenIds[n] as bigint, clock);
          });
        }

        const actual = outcomes.map((outcome): Expected | "newPlayer" => {
          if (outcome.kind === "newPlayer") return "newPlayer";
          if (outcome.kind === "refused") return { kind: "refused", code: outcome.error.code };
          const {
            xp,
            level,
            waterRemaining,
            streak,
            achievementsUnlocked,
            questsCompleted,
            choresCompleted,
          } = outcome.response;
          return {
            kind: "watered",
            xp,
            level,
            water: waterRemaining,
            streak,
            achievementsUnlocked: [...achievementsUnlocked].sort(),
            questsCompleted,
            choresCompleted,
          };
        });
        const core = coreBatch(
          start,
          facts,
          crops.map((crop) => crop.wateredToday),
          tokenIds,
          clock,
        );
        expect(actual).toEqual(core.answers);
        // What the statement stored is what core holds after the batch.
        expect(await readFacts(db, address)).toEqual(core.after);
        expect(await readArchive(db, address)).toEqual(
          core.archived ? [[core.archived.season, core.archived.xp, core.archived.reachedAt.getTime()]] : [],
        );
        expect(await readLevelUps(db, address)).toEqual(core.levelUps);

        for (const answer of core.answers) {
          if (answer.kind === "refused") refused.add(answer.code);
          else {
            seen.watered += 1;
            seen.quests += answer.questsCompleted.length;
            seen.chores += answer.choresCompleted.length;
            seen.unlocks += answer.achievementsUnlocked.length;
          }
        }
        if (core.after && core.after.questDays > (start?.questDays ?? 0)) seen.questDays += 1;
        if (core.archived) seen.archived += 1;
        seen.levelUps += core.levelUps.length;
        if (start?.streak.lastDay && start.streak.lastDay > utcDay(clock.wallNow) && core.after !== start)
          seen.clockBack += 1;
      }),
      diffParameters(),
    );
    // The generator reaches every outcome (a property that only ever saw refusals would prove little).
    expect(seen.watered).toBeGreaterThan(20);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
    expect([...refused].sort()).toEqual(
      [
        "ALREADY_WATERED_TODAY",
        "CROP_NOT_WATERABLE",
        "CROP_TOO_SMALL",
        "NOT_ENOUGH_WATER",
        "NOT_FOUND",
        "NOT_YOUR_CROP",
      ].sort(),
    );
  }, 120_000);
});
