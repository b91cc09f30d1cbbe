import { drawDailyQuests, MS_PER_DAY, seasonOf, utcDay } from "@farm/core";
import { testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { ChainHookRegistry, type IndexedInvestment } from "../src/chain/hooks/registry";
import { gameChainHooks } from "../src/services/game/hooks";
import { seedCrop, setPlayer } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp } from "./helpers";

const WALLETS = 10;
const CROPS_PER_WALLET = 20;
/**
 * The game's clock in these tests: the next Wednesday, 10:00 UTC (at least a day ahead: the test clock only runs
 * ahead), and whole days after it, so a run never crosses midnight or a week's end whatever the hour it starts.
 */
const GAME_DAY_ZERO = (() => {
  const day = new Date(Date.now() + MS_PER_DAY);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(10, 0, 0, 0);
  return day.getTime() < Date.now() + MS_PER_DAY ? day.getTime() + 7 * MS_PER_DAY : day.getTime();
})();
const gameTime = (days: number) => new Date(GAME_DAY_ZERO + days * MS_PER_DAY);

async function setGameDay(t: TestApp, days: number): Promise<void> {
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/test/game-clock",
    payload: { offsetMs: gameTime(days).getTime() - Date.now() },
  });
  expect(reply.statusCode).toBe(204);
}

interface Wallet {
  address: string;
  cookie: string;
  crops: string[];
}

describe.runIf(testDatabaseUrl && testRedisUrl)(
  "streaks, quests, achievements and seasons on PostgreSQL",
  () => {
    let t: TestApp;
    const wallets: Wallet[] = [];

    beforeAll(async () => {
      t = await startTestApp({ kind: "services", env: { GAME_TEST_CLOCK: "true" } });
      await setGameDay(t, 0);
      for (let i = 0; i < WALLETS; i++) {
        const { address, cookie } = await signedInPlayer(t);
        // Level 11: a 200 tank pays for all 20 crops every day.
        await setPlayer(t.app.db, address, { xp: 5000, level: 11, water: 200 });
        const crops: string[] = [];
        for (let c = 0; c < CROPS_PER_WALLET; c++)
          crops.push((await seedCrop(t.app.db, { holder: address })).cropId);
        wallets.push({ address, cookie, crops });
      }
    });
    afterAll(() => t.close());

    /** All 200 waterings (10 wallets x 20 crops) at once, in an interleaved order; every one must succeed. */
    async function waterEverything() {
      const requests = [];
      for (let c = 0; c < CROPS_PER_WALLET; c++)
        for (const wallet of wallets)
          requests.push(
            t.app
              .inject({
                method: "POST",
                url: "/api/game/water",
                payload: { cropId: wallet.crops[c] },
                headers: { cookie: wallet.cookie },
              })
              .then((reply) => ({ wallet, reply })),
          );
      const results = await Promise.all(requests);
      expect(results.filter(({ reply }) => reply.statusCode !== 200).map(({ reply }) => reply.body)).toEqual(
        [],
      );
      return results.map(({ wallet, reply }) => ({
        wallet,
        answer: reply.json() as { streak: number; achievementsUnlocked: string[]; questsCompleted: string[] },
      }));
    }

    it("grants each streak step, quest and achievement exactly once under 200 parallel waterings, day after day", async () => {
      const questDayDone = new Set<string>();
      let unlocks = WALLETS * 2;
      for (const [offset, expectedStreak] of [
        [0, 1],
        [1, 2],
        [3, 1],
      ] as const) {
        await setGameDay(t, offset);
        const day = utcDay(gameTime(offset));
        const results = await waterEverything();
        for (const wallet of wallets) {
          const mine = results.filter((result) => result.wallet === wallet).map((result) => result.answer);
          expect(new Set(mine.map((answer) => answer.streak))).toEqual(new Set([expectedStreak]));
          const quests = mine.flatMap((answer) => answer.questsCompleted);
          const waterQuests = drawDailyQuests(wallet.address, day).filter((quest) => quest.kind === "water");
          expect(quests.sort()).toEqual(waterQuests.map((quest) => quest.id).sort());
          const unlocked = mine.flatMap((answer) => answer.achievementsUnlocked);
          // Waterings alone complete the day's three quests only when all three are watering quests.
          const questDay = waterQuests.length === 3 && !questDayDone.has(wallet.address);
          if (questDay) questDayDone.add(wallet.address);
          const expected = [
            // Level 11 was set directly, not reached by a watering: only the crossing of a threshold unlocks.
            ...(offset === 0 ? ["first-water"] : []),
            // The third day's waterings are 41st to 60th.
            ...(offset === 3 ? ["waterings-50"] : []),
            ...(questDay ? ["quest-day"] : []),
          ];
          expect(unlocked.sort()).toEqual(expected.sort());
          if (questDay) unlocks += 1;

          const state = await t.app.inject({
            method: "GET",
            url: "/api/game/state",
            headers: { cookie: wallet.cookie },
          });
          expect(state.statusCode).toBe(200);
          const body = state.json();
          expect(body.streak).toEqual({
            current: expectedStreak,
            best: offset === 0 ? 1 : 2,
            wateredToday: true,
          });
          for (const quest of body.quests) expect(quest.completed).toBe(quest.kind === "water");
        }
        const [row] = await queryRows<{ n: number; waterings: number }>(
          t.app.db,
          sql`select count(*)::int as n, sum(waterings_count)::int as waterings from players
            where address in (select address from waterings)`,
        );
        expect(row?.waterings).toBe(WALLETS * CROPS_PER_WALLET * (offset === 0 ? 1 : offset === 1 ? 2 : 3));
      }
      // One achievement row per unlock and one completed quest row per quest and day, whatever the concurrency.
      const [achievements] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from achievements`,
      );
      expect(achievements?.n).toBe(unlocks);
      const [season] = await queryRows<{ xp: number }>(
        t.app.db,
        // This week's XP is on the players' rows; a week that ended between the days was archived.
        sql`select ((select coalesce(sum(season_xp), 0) from players)
          + (select coalesce(sum(xp), 0) from season_scores))::int as xp`,
      );
      expect(season?.xp).toBe(WALLETS * CROPS_PER_WALLET * 5 * 3);
      await setGameDay(t, 0);
    });

    it("answers a new player's state with a zero streak, three fresh quests and nothing unlocked", async () => {
      const { address, cookie } = await signedInPlayer(t);
      const reply = await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } });
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body.streak).toEqual({ current: 0, best: 0, wateredToday: false });
      expect(body.quests.map((quest: { id: string }) => quest.id)).toEqual(
        drawDailyQuests(address, utcDay(gameTime(0))).map((quest) => quest.id),
      );
      expect(body.achievements.every((a: { unlockedAt: string | null }) => a.unlockedAt === null)).toBe(true);
      expect(body.rules).toEqual({ plantingXpMinimum: (10n * 10n ** 18n).toString(), plantingXpPerDay: 5 });
      expect((await t.app.inject({ method: "GET", url: "/api/game/state" })).statusCode).toBe(401);
    });

    it("keeps a finished season's top ten when the week rolls over, once", async () => {
      const values = Array.from(
        { length: 12 },
        (_, i) => sql`('2026-W01', ${`0x${String(i).padStart(40, "0")}`}, ${10 + i}, now())`,
      );
      await t.app.db.execute(
        sql`insert into season_scores (season, address, xp, reached_at) values ${sql.join(values, sql`, `)}`,
      );
      for (let read = 0; read < 2; read++) {
        const before = seasonOf(new Date()).id;
        const reply = await t.app.inject({ method: "GET", url: "/api/leaderboard/seasons" });
        expect(reply.statusCode).toBe(200);
        const body = reply.json();
        // The board runs on the server's own clock: the week it read is the one before or after the request.
        expect([before, seasonOf(new Date()).id]).toContain(body.current.id);
        const past = body.past.find((season: { id: string }) => season.id === "2026-W01");
        expect(past.startsAt).toBe("2025-12-29T00:00:00.000Z");
        expect(past.entries.map((entry: { score: string }) => entry.score)).toEqual([
          "21",
          "20",
          "19",
          "18",
          "17",
          "16",
          "15",
          "14",
          "13",
          "12",
        ]);
      }
      const [kept] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from season_podiums where season = '2026-W01'`,
      );
      expect(kept?.n).toBe(10);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/leaderboard/seasons?past=99" })).statusCode,
      ).toBe(400);
    });
  },
);

describe.runIf(testDatabaseUrl && testRedisUrl)(
  "quests across kinds and season rollover on PostgreSQL",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ kind: "services", env: { GAME_TEST_CLOCK: "true" } });
      await setGameDay(t, 0);
    });
    afterAll(() => t.close());

    it("counts the day of all three quests once when plantings and waterings complete them together", async () => {
      // The first of a fixed list of addresses whose quests on the game's day are one planting quest and two
      // watering quests of at most 3 waterings: the same wallet on every run.
      const day = utcDay(gameTime(0));
      const address = Array.from({ length: 2_000 }, (_, i) =>
        getAddress(`0x${(0xfa12_0000n + BigInt(i)).toString(16).padStart(40, "0")}`),
      ).find((candidate) => {
        const quests = drawDailyQuests(candidate, day);
        const plant = quests.filter((quest) => quest.kind === "plant");
        const water = quests.filter((quest) => quest.kind === "water");
        return (
          plant.length === 1 &&
          plant[0]?.target === 1 &&
          water.length === 2 &&
          water.every((q) => q.target <= 3)
        );
      });
      if (!address)
        throw new Error("no address in the list has a planting and two watering quests on that day");
      const { cookie } = await signedInPlayer(t, address);
      const crops: string[] = [];
      for (let c = 0; c < 3; c++) crops.push((await seedCrop(t.app.db, { holder: address })).cropId);
      const hooks = new ChainHookRegistry();
      // The planting is granted on the game's clock too.
      hooks.register(gameChainHooks(() => gameTime(0)));
      const planting = (n: number) =>
        ({
          id: `0x${address.slice(2, 10)}${String(n).padStart(56, "0")}:1`,
          tokenId: BigInt(crops[0]!),
          investor: address,
          amount: 100n * 10n ** 18n,
          reservedYield: 0n,
          blockNumber: n,
          blockTime: gameTime(0),
          txHash: `0x${"ab".repeat(32)}`,
          logIndex: 1,
        }) as unknown as IndexedInvestment;
      // The planting (as the crop sync or the indexer records it) races the waterings.
      const waterings = crops.map((cropId) =>
        t.app.inject({ method: "POST", url: "/api/game/water", payload: { cropId }, headers: { cookie } }),
      );
      await Promise.all([
        ...waterings,
        t.app.db.transaction((tx) => hooks.investmentsIndexed(tx, [planting(1)])),
      ]);
      const [row] = await queryRows<{ quest_days: number }>(
        t.app.db,
        sql`select quest_days from players where address = ${address}`,
      );
      expect(row?.quest_days).toBe(1);
      const state = (
        await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } })
      ).json();
      expect(state.quests.every((quest: { completed: boolean }) => quest.completed)).toBe(true);
      const [unlocked] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from achievements where address = ${address} and achievement_id = 'quest-day'`,
      );
      expect(unlocked?.n).toBe(1);
    });

    it("archives a player's season XP when the next week's first watering starts a new season", async () => {
      const { address, cookie } = await signedInPlayer(t);
      const crop = await seedCrop(t.app.db, { holder: address });
      await t.app.db.execute(
        sql`insert into players (address, water, water_day, season, season_xp) values (${address}, 100, 0, '2020-W01', 40)`,
      );
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/game/water",
        payload: { cropId: crop.cropId },
        headers: { cookie },
      });
      expect(reply.statusCode).toBe(200);
      const [archived] = await queryRows<{ xp: number }>(
        t.app.db,
        sql`select xp from season_scores where season = '2020-W01' and address = ${address}`,
      );
      expect(archived?.xp).toBe(40);
      const [row] = await queryRows<{ season: string; season_xp: number }>(
        t.app.db,
        sql`select season, season_xp from players where address = ${address}`,
      );
      expect(row).toEqual({ season: seasonOf(gameTime(0)).id, season_xp: 5 });
    });
  },
);

describe("the test clock", () => {
  it("does not exist unless GAME_TEST_CLOCK is set", async () => {
    const t = await startTestApp();
    try {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/test/game-clock",
        payload: { offsetMs: 1 },
      });
      expect(reply.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
