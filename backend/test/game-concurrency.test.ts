import { levelForXp, MAX_XP_PLANTINGS_PER_DAY, ONE_GOLD, XP_PER_HARVEST, XP_PER_PLANTING } from "@farm/core";
import { testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainHookRegistry, type IndexedHarvest, type IndexedInvestment } from "../src/chain/hooks/registry";
import { gameChainHooks } from "../src/services/game/hooks";
import { databaseWateringBatcher } from "../src/services/game/water-batcher";
import { readPlayer, seedCrop, setPlayer } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp } from "./helpers";
import { withinOneUtcDay } from "./one-utc-day";

async function countRows(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

// The game's water, waterings and quests are per UTC day on the server's clock.
withinOneUtcDay();
describe.runIf(testDatabaseUrl && testRedisUrl)("game under concurrency on PostgreSQL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: "services" });
  });
  afterAll(() => t.close());

  const water = (cookie: string, cropId: string) =>
    t.app.inject({ method: "POST", url: "/api/game/water", payload: { cropId }, headers: { cookie } });

  it("lets 200 parallel waterings of 200 crops by one wallet spend exactly the 100 water it has", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { water: 100 });
    // Seeded ten at a time: the race under test is the waterings', and 200 inserts at once wait past the pool's
    // connect timeout on a loaded machine.
    const crops: Awaited<ReturnType<typeof seedCrop>>[] = [];
    for (let i = 0; i < 200; i += 10)
      crops.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => seedCrop(t.app.db, { holder: address })))),
      );
    const replies = await Promise.all(crops.map((crop) => water(cookie, crop.cropId)));
    const ok = replies.filter((reply) => reply.statusCode === 200);
    const refused = replies.filter((reply) => reply.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(new Set(refused.map((reply) => `${reply.statusCode} ${reply.json().error.code}`))).toEqual(
      new Set(["422 NOT_ENOUGH_WATER"]),
    );
    // Every success saw a distinct tank level: no two requests spent the same 10 water.
    expect(new Set(ok.map((reply) => reply.json().waterRemaining))).toEqual(
      new Set([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]),
    );
    // 10 x 5 XP, 10 for the day's watering quest (drawn for at most the 10 waterings the tank pays for) and 30 for the
    // week's waterings chore (drawn whenever possible, for at most 5 or 10): decision 0059.
    expect(await readPlayer(t.app.db, address)).toMatchObject({ water: 0, xp: 90, level: 2 });
    expect(await countRows(t, sql`select count(*)::int as n from waterings where address = ${address}`)).toBe(
      10,
    );
    expect(await countRows(t, sql`select count(*)::int as n from level_ups where address = ${address}`)).toBe(
      1,
    );
  });

  it("lets only one of 200 parallel waterings of the same crop through", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { xp: 0, level: 11, water: 200 });
    const crop = await seedCrop(t.app.db, { holder: address });
    const replies = await Promise.all(Array.from({ length: 200 }, () => water(cookie, crop.cropId)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(199);
    // The watering's 5 XP and the 10 of "water 1 plant", the one quest a single plant can be asked.
    expect(await readPlayer(t.app.db, address)).toMatchObject({ water: 190, xp: 15 });
  });

  it("keeps two instances' batches from overspending water or watering a crop twice", async () => {
    // Each batcher stands for one backend instance: it keeps its own batches apart, but not the other's, so only
    // the statement's row locks and the watering key keep the two apart.
    const clock = async () => ({ chainNow: new Date(), wallNow: new Date() });
    const instances = [
      databaseWateringBatcher(t.app.db, clock, { maxInFlight: 4, maxBatch: 8 }),
      databaseWateringBatcher(t.app.db, clock, { maxInFlight: 4, maxBatch: 8 }),
    ];
    const wallets = await Promise.all(Array.from({ length: 4 }, () => signedInPlayer(t)));
    for (const wallet of wallets) await setPlayer(t.app.db, wallet.address, { xp: 0, level: 1, water: 100 });
    const cropsOf = await Promise.all(
      wallets.map(async (wallet) => {
        const seeded = [];
        for (let i = 0; i < 15; i++) seeded.push(await seedCrop(t.app.db, { holder: wallet.address }));
        return seeded.map((crop) => ({ address: wallet.address, tokenId: crop.tokenId }));
      }),
    );
    // Instance 0 takes each wallet's crops from the first, instance 1 from the last, wallets interleaved: their
    // concurrent batches hold the same wallets with different crops, so water could be spent twice without the locks.
    const orderFor = (instance: number) =>
      Array.from({ length: 15 }, (_, k) => (instance === 0 ? k : 14 - k)).flatMap((k) =>
        cropsOf.map((crops) => crops[k]!),
      );
    const attempts = [0, 1, 2].flatMap(() =>
      instances.flatMap((instance, j) =>
        orderFor(j).map((crop) =>
          instance.water(crop.address, crop.tokenId).then(
            (answer) => ({ ok: true as const, answer, address: crop.address }),
            (error: { statusCode?: number; code?: string }) => ({
              ok: false as const,
              error,
              address: crop.address,
            }),
          ),
        ),
      ),
    );
    const results = await Promise.all(attempts);
    const failures = results.filter((result) => !result.ok);
    // Refusals only: no deadlock or other error reached a caller.
    expect(
      new Set(failures.map((result) => (result.ok ? "" : `${result.error.statusCode} ${result.error.code}`))),
    ).toEqual(new Set(["409 ALREADY_WATERED_TODAY", "422 NOT_ENOUGH_WATER"]));
    for (const wallet of wallets) {
      // 100 water pays for exactly 10 of the wallet's 15 crops, each watered once.
      expect(await readPlayer(t.app.db, wallet.address)).toMatchObject({ water: 0, xp: 50, level: 2 });
      expect(
        await countRows(t, sql`select count(*)::int as n from waterings where address = ${wallet.address}`),
      ).toBe(10);
      const wins = results.filter((result) => result.ok && result.address === wallet.address);
      expect(wins).toHaveLength(10);
      expect(new Set(wins.map((result) => (result.ok ? result.answer.waterRemaining : -1)))).toEqual(
        new Set([90, 80, 70, 60, 50, 40, 30, 20, 10, 0]),
      );
    }
  });

  it("grants planting and harvest XP exactly once when the crop sync and the indexer race on the same events", async () => {
    // One fixed moment for the events and the game's clock: the day's quest draw (and so the quest-day
    // achievement) must not depend on the day the suite runs.
    const at = new Date("2026-03-04T10:00:00Z");
    const hooks = new ChainHookRegistry();
    hooks.register(gameChainHooks(() => at));
    const investor = (await signedInPlayer(t)).address as Address;
    const events = Array.from({ length: 20 }, (_, i) => {
      const txHash = `0x${(i + 1).toString(16).padStart(64, "a")}` as Hash;
      const investment: IndexedInvestment = {
        id: `${txHash}:1`,
        tokenId: BigInt(i + 1),
        investor,
        amount: BigInt(i + 1) * ONE_GOLD,
        blockNumber: i + 1,
        blockTime: at,
        txHash,
        logIndex: 1,
      } as IndexedInvestment;
      const harvest: IndexedHarvest = {
        id: `${txHash}:2`,
        tokenId: BigInt(i + 1),
        holder: investor,
        shares: BigInt(i + 1) * ONE_GOLD,
        principal: BigInt(i + 1) * ONE_GOLD,
        yield: 3n,
        blockNumber: i + 1,
        blockTime: at,
        txHash,
      } as IndexedHarvest;
      return { investment, harvest };
    });
    // Each writer records the event in its own transaction and holds it open a moment, as the sync and the indexer do.
    const writer = (event: (typeof events)[number]) =>
      t.app.db.transaction(async (tx) => {
        await hooks.investmentsIndexed(tx, [event.investment]);
        await hooks.harvestsIndexed(tx, [event.harvest]);
        await tx.execute(sql`select pg_sleep(0.02)`);
      });
    // Five events' three racing writers at a time: 15 transactions stay within the pool's 20 connections, so a slow
    // machine queues them on the player's row lock instead of timing out waiting for a connection.
    for (let i = 0; i < events.length; i += 5) {
      await Promise.all(
        events.slice(i, i + 5).flatMap((event) => [writer(event), writer(event), writer(event)]),
      );
    }
    // A later replay (the indexer after a reorg re-applies the same logs) grants nothing either.
    for (let i = 0; i < events.length; i += 10) await Promise.all(events.slice(i, i + 10).map(writer));

    // Amounts are 1..20 GOLD: eleven reach the 10 GOLD minimum, so eleven plantings and eleven harvests count (the
    // harvests earn XP), and of those plantings only five a day earn XP.
    const expectedXp = MAX_XP_PLANTINGS_PER_DAY * XP_PER_PLANTING + 11 * XP_PER_HARVEST;
    expect(await readPlayer(t.app.db, investor)).toMatchObject({
      xp: expectedXp,
      level: levelForXp(expectedXp),
    });
    const counters = (await t.app.db.execute(
      sql`select plantings_count, harvests_count, plant_xp_count from players where address = ${investor}`,
    )) as unknown as { rows: unknown[] };
    expect(counters.rows[0]).toEqual({
      plantings_count: 11,
      harvests_count: 11,
      plant_xp_count: MAX_XP_PLANTINGS_PER_DAY,
    });
    const unlocked = (await t.app.db.execute(
      sql`select achievement_id from achievements where address = ${investor} order by 1`,
    )) as unknown as { rows: { achievement_id: string }[] };
    // No read drew the wallet's boards that day, so the chain events moved no quest (decision 0059).
    expect(unlocked.rows.map((row) => row.achievement_id)).toEqual(
      ["first-harvest", "first-seed", "harvests-5"].sort(),
    );
    expect(
      await countRows(t, sql`select count(*)::int as n from xp_grants where address = ${investor}`),
    ).toBe(40);
    const totals = (await t.app.db.execute(
      sql`select invested::text, yield_earned::text from players where address = ${investor}`,
    )) as unknown as { rows: { invested: string; yield_earned: string }[] };
    expect(totals.rows[0]).toEqual({ invested: (210n * ONE_GOLD).toString(), yield_earned: "60" });
  });
});
