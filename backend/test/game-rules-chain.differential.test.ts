import {
  addSeasonXp,
  commodityOf,
  harvestXp,
  holdingEarnsXp,
  levelForXp,
  MS_PER_DAY,
  ONE_GOLD,
  plantingXp,
  progressBoards,
  seasonOf,
  startOfUtcDay,
  takeBackSeasonXp,
  takeBackXp,
  unlockAchievements,
  utcDay,
} from "@farm/core";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import type { IndexedHarvest, IndexedInvestment } from "../src/chain/hooks/registry";
import {
  grantAndProgress,
  harvestGrant,
  plantingGrant,
  takeBackChainGrants,
} from "../src/services/game/hooks";
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

// The chain hooks (services/game/hooks.ts) grant XP for plantings and harvests and move the day's progress in SQL;
// @farm/core's rules say what they must come to: planting XP from 10 GOLD and five a day on the block's UTC day
// (plantingXp), harvest XP and progress from 10 GOLD too (harvestXp, holdingEarnsXp), each event once, the level, the quests of
// plantings and harvests, the season and its archive, commodities, achievements, and a reorg taking the XP back
// (takeBackXp, takeBackSeasonXp). Random players and event sequences, repeats and drops included, go through both on
// PGlite.

/** The invoices the events are of, by their description's commodity (the last is none: the generic plant). */
const DESCRIPTIONS = ["Beras premium 2 ton", "Kopi arabika Gayo", "Cocoa beans", "Pupuk organik"];

const eventCase = fc.record({
  amount: fc.constantFrom(ONE_GOLD, 10n * ONE_GOLD - 1n, 10n * ONE_GOLD, 250n * ONE_GOLD),
  token: fc.integer({ min: 0, max: DESCRIPTIONS.length - 1 }),
  /** The block's UTC day before the hooks' clock (0: the same day) and the moment of that day. */
  daysAgo: fc.integer({ min: 0, max: 2 }),
  msIntoDay: fc.integer({ min: 0, max: MS_PER_DAY - 1 }),
  /** Repeats an earlier event (the crop sync first, the indexer later) instead of a new one. */
  again: fc.option(fc.nat(), { freq: 4 }),
});

const scenario = fc.record({
  player: fc.option(factsCase, { freq: 4 }),
  batches: fc.array(
    fc.record({
      kind: fc.constantFrom("plant" as const, "harvest" as const),
      events: fc.array(eventCase, { minLength: 1, maxLength: 6 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  /** The hooks' clock: any moment of 2026. */
  wallMs: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
  /** Events a reorg drops at the end, by their place in the run. */
  dropped: fc.array(fc.boolean(), { minLength: 0, maxLength: 12 }),
});

type ChainEvent = IndexedInvestment | IndexedHarvest;

/** What core holds of the player through the run, and every grant it made (key -> XP). */
interface CoreRun {
  facts: GameFacts;
  archive: [string, number, number][];
  levelUps: number[];
  granted: Map<string, number>;
}

/** One hooks call, as core's rules: fresh events only, planting XP capped per block day, then the day's progress. */
function coreGrant(run: CoreRun, kind: "plant" | "harvest", events: ChainEvent[], now: Date) {
  const before = run.facts;
  let plantXp = before.plantXp;
  let xp = 0;
  const counts = { water: 0, plant: 0, harvest: 0 };
  const commodities: string[] = [];
  for (const event of events) {
    const key = `${kind}:${event.id}`;
    if (run.granted.has(key)) continue;
    let gained = harvestXp((event as IndexedHarvest).shares);
    if (kind === "plant") {
      const planted = plantingXp(
        plantXp,
        { type: "plantSeed", amount: (event as IndexedInvestment).amount },
        event.blockTime,
      );
      gained = planted.xp;
      plantXp = planted.state;
      // A dust planting is granted (its invested score) without XP, and counts for nothing: no planting, quest,
      // commodity or achievement.
      if (!holdingEarnsXp((event as IndexedInvestment).amount)) {
        run.granted.set(key, 0);
        continue;
      }
      const commodity = commodityOf(DESCRIPTIONS[Number(event.tokenId) - 1]);
      if (commodity !== "generic") commodities.push(commodity);
    }
    run.granted.set(key, gained);
    // A dust harvest is granted (its yield) without XP, and counts for nothing, as a dust planting.
    if (kind === "harvest" && gained === 0) continue;
    counts[kind] += 1;
    xp += gained;
  }
  if (counts.plant + counts.harvest === 0) return;
  // Harvests move the day's quests and the week's chores; what they complete adds its XP after the grants'.
  const boards = progressBoards(before.boards, counts, utcDay(now), seasonOf(now).id);
  xp += boards.xp;
  const level = levelForXp(before.player.xp + xp);
  for (let reached = before.player.level + 1; reached <= level; reached++) run.levelUps.push(reached);
  const season = addSeasonXp(before.season, xp, now);
  if (season.archived)
    run.archive.push([season.archived.season, season.archived.xp, season.archived.reachedAt.getTime()]);
  const after: GameFacts = {
    ...before,
    player: { ...before.player, xp: before.player.xp + xp, level },
    boards: boards.boards,
    questDays: before.questDays + (boards.dayCompleted ? 1 : 0),
    counts: {
      ...before.counts,
      plantings: before.counts.plantings + counts.plant,
      harvests: before.counts.harvests + counts.harvest,
    },
    commodities: sortedUnion(before.commodities, commodities),
    season: season.state,
    plantXp,
  };
  after.unlocked = sortedUnion(before.unlocked, unlockAchievements(new Set(before.unlocked), statsOf(after)));
  run.facts = after;
}

/** A reorg dropping events, as core's rules: their XP leaves the player, the level and the week it was granted in. */
function coreTakeBack(run: CoreRun, keys: string[], now: Date) {
  let xp = 0;
  for (const key of keys) {
    xp += run.granted.get(key) ?? 0;
    run.granted.delete(key);
  }
  if (keys.length === 0) return;
  const week = seasonOf(now).id;
  const player = takeBackXp(run.facts.player, xp);
  run.facts = { ...run.facts, player, season: takeBackSeasonXp(run.facts.season, week, xp) };
  run.archive = run.archive.map(([season, score, at]) => [
    season,
    season === week ? Math.max(0, score - xp) : score,
    at,
  ]);
  run.levelUps = run.levelUps.filter((level) => level <= player.level);
}

describe("the chain hooks' statements against @farm/core's rules (PGlite, random players and events)", () => {
  let connection: DatabaseConnection;
  let id = 1;
  const nextId = () => id++;
  beforeAll(async () => {
    connection = await connectDatabase({
      databaseUrl: undefined,
      dataDir: "memory://",
      pgliteTemplate: await pgliteTemplate(),
    });
    const farmer = "00000000-0000-4000-8000-000000000001";
    await connection.db.execute(sql`
      insert into farmers (id, wallet_address, status, full_name, nik_encrypted, email, phone, date_of_birth, street,
        province, city, district, postal_code, business_name, business_type, npwp_encrypted, bank_name,
        bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
      values (${farmer}, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', 'approved', 'Petani', 'x', 'p@example.com',
        '+6281200000000', '1980-01-01', 'Jalan', 'Jawa Barat', 'Bandung', 'Coblong', '40132', 'Tani', 'individual',
        'x', 'BRI', 'x', 'Petani', '["rice"]', 1.5, 10)`);
    for (const [i, description] of DESCRIPTIONS.entries())
      await connection.db.execute(sql`
        insert into invoices (token_id, farmer_id, farmer_address, invoice_number, buyer_name, description, due_date,
          reference_hash, submission_state)
        values (${i + 1}, ${farmer}, '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', ${`INV-${i}`}, 'Buyer',
          ${description}, '2030-01-01', ${`0x${String(i + 1).padStart(64, "0")}`}, 'submitted')`);
  });
  afterAll(() => connection.close());

  it("grants planting and harvest XP once, capped per day, and moves quests, seasons, commodities and achievements as core does; a reorg takes the XP back as core does", async () => {
    const seen = {
      plantXp: 0,
      cappedOrDust: 0,
      harvestXp: 0,
      dustHarvests: 0,
      repeats: 0,
      quests: 0,
      unlocks: 0,
      archived: 0,
      levelUps: 0,
      dropped: 0,
    };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ player, batches, wallMs, dropped }) => {
        const db = connection.db;
        const now = new Date(wallMs);
        const address = `0x${nextId().toString(16).padStart(40, "0")}` as Address;
        const start = player ? buildFacts(player, address, now) : null;
        const run: CoreRun = {
          facts: start ?? freshFacts(now),
          archive: [],
          levelUps: [],
          granted: new Map(),
        };
        if (start) {
          await insertFacts(db, address, start);
          // A player holding next week (a clock that went back) scored in this week before: its archived score.
          if (start.season.season > seasonOf(now).id) {
            const archived: [string, number, number] = [seasonOf(now).id, 40, now.getTime() - MS_PER_DAY];
            run.archive.push(archived);
            await db.execute(sql`insert into season_scores (season, address, xp, reached_at)
              values (${archived[0]}, ${address}, ${archived[1]}, ${new Date(archived[2]).toISOString()}::timestamptz)`);
          }
        }

        const all: { kind: "plant" | "harvest"; event: ChainEvent }[] = [];
        for (const batch of batches) {
          const events = batch.events.map((e): ChainEvent => {
            const earlier = all.filter((item) => item.kind === batch.kind);
            if (e.again !== null && earlier.length > 0) {
              seen.repeats += 1;
              return earlier[e.again % earlier.length]!.event;
            }
            const n = nextId();
            const blockTime = new Date(startOfUtcDay(utcDay(now) - e.daysAgo).getTime() + e.msIntoDay);
            const common = {
              id: `0x${n.toString(16).padStart(64, "0")}:0`,
              tokenId: BigInt(e.token + 1),
              blockNumber: n,
              blockTime,
              txHash: `0x${n.toString(16).padStart(64, "0")}` as Hash,
            };
            const event: ChainEvent =
              batch.kind === "plant"
                ? { ...common, investor: address, amount: e.amount }
                : {
                    ...common,
                    holder: address,
                    shares: e.amount,
                    principal: e.amount,
                    yield: e.amount / 10n,
                  };
            all.push({ kind: batch.kind, event });
            return event;
          });
          await grantAndProgress(db, batch.kind, events, now);
          coreGrant(run, batch.kind, events, now);
        }
        const drops = all.filter((_, i) => dropped[i]);
        await takeBackChainGrants(
          db,
          drops.map(({ kind, event }) =>
            kind === "plant"
              ? plantingGrant(event as IndexedInvestment)
              : harvestGrant(event as IndexedHarvest),
          ),
          now,
        );
        coreTakeBack(
          run,
          drops.map(({ kind, event }) => `${kind}:${event.id}`),
          now,
        );

        expect(await readFacts(db, address)).toEqual(run.facts);
        expect(await readArchive(db, address)).toEqual(run.archive);
        expect(await readLevelUps(db, address)).toEqual(run.levelUps);
        const grants = await queryRows<{ event_key: string; xp: number }>(
          db,
          sql`select event_key, xp from xp_grants where address = ${address} order by event_key`,
        );
        expect(grants.map((row) => [row.event_key, row.xp])).toEqual(
          [...run.granted].sort(([a], [b]) => (a < b ? -1 : 1)),
        );

        const granted = [...run.granted].filter(([key]) => key.startsWith("plant:"));
        seen.plantXp += granted.filter(([, xp]) => xp > 0).length;
        seen.cappedOrDust += granted.filter(([, xp]) => xp === 0).length;
        const harvested = [...run.granted].filter(([key]) => key.startsWith("harvest:"));
        seen.harvestXp += harvested.filter(([, xp]) => xp > 0).length;
        seen.dustHarvests += harvested.filter(([, xp]) => xp === 0).length;
        seen.quests += run.facts.boards.quests.progress.some((n) => n > 0) ? 1 : 0;
        seen.unlocks += run.facts.unlocked.length - (start?.unlocked.length ?? 0);
        seen.archived += run.archive.length;
        seen.levelUps += run.levelUps.length;
        seen.dropped += drops.length;
      }),
      diffParameters(Number(process.env.FARM_GAME_DIFF_RUNS ?? 200) / 2),
    );
    // The generator reaches every case (a cap never hit, or no reorg, would prove little).
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});
