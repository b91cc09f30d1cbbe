import { DAILY_QUEST_XP_CAP, MS_PER_DAY, ONE_GOLD, seasonOf } from "@farm/core";
import { testDatabaseUrl, testRedisUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { ChainHookRegistry, type IndexedHarvest } from "../src/chain/hooks/registry";
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
        answer: reply.json() as {
          streak: number;
          xpGained: number;
          achievementsUnlocked: string[];
          questsCompleted: string[];
          choresCompleted: string[];
        },
      }));
    }

    it("grants each streak step, quest and achievement exactly once under 200 parallel waterings, day after day", async () => {
      const unlocks = WALLETS * 2;
      let taskXp = 0;
      const weekXp = new Map<string, number>();
      const choresDone = new Map<string, string[]>();
      for (const [offset, expectedStreak] of [
        [0, 1],
        [1, 2],
        [3, 1],
      ] as const) {
        await setGameDay(t, offset);
        const results = await waterEverything();
        for (const wallet of wallets) {
          const mine = results.filter((result) => result.wallet === wallet).map((result) => result.answer);
          expect(new Set(mine.map((answer) => answer.streak))).toEqual(new Set([expectedStreak]));
          const unlocked = mine.flatMap((answer) => answer.achievementsUnlocked);
          const expected = [
            // Level 11 was set directly, not reached by a watering: only the crossing of a threshold unlocks.
            ...(offset === 0 ? ["first-water"] : []),
            // The third day's waterings are 41st to 60th.
            ...(offset === 3 ? ["waterings-50"] : []),
          ];
          // Waterings alone never complete a day's quests: the draw always holds a visit (decision 0059).
          expect(unlocked.sort()).toEqual(expected.sort());

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
          // The day's draw (stored at the wallet's first watering, 20 at once) holds one watering quest, for at
          // most the 20 plants it can water: the day's waterings complete it, once, and nothing else.
          const quests = body.quests as { id: string; kind: string; target: number; completed: boolean }[];
          expect(quests.filter((quest) => quest.kind === "water")).toHaveLength(1);
          for (const quest of quests) expect(quest.completed).toBe(quest.kind === "water");
          expect(mine.flatMap((answer) => answer.questsCompleted)).toEqual(
            quests.filter((quest) => quest.kind === "water").map((quest) => quest.id),
          );
          // Chores complete once over the week, each named by the one watering that completed it.
          const chores = body.chores as { id: string; completed: boolean }[];
          const named = [
            ...(choresDone.get(wallet.address) ?? []),
            ...mine.flatMap((a) => a.choresCompleted),
          ];
          choresDone.set(wallet.address, named);
          expect(named.sort()).toEqual(
            chores
              .filter((chore) => chore.completed)
              .map((chore) => chore.id)
              .sort(),
          );
          // The XP of the answers is the waterings' and the tasks' the state counts, within the caps.
          const gained = mine.reduce((sum, answer) => sum + answer.xpGained, 0);
          expect(gained - 5 * CROPS_PER_WALLET).toBe(
            body.taskXp.questsToday +
              body.taskXp.choresThisWeek -
              (offset === 0 ? 0 : (weekXp.get(wallet.address) ?? 0)),
          );
          weekXp.set(wallet.address, body.taskXp.choresThisWeek);
          taskXp += gained - 5 * CROPS_PER_WALLET;
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
      expect(taskXp).toBeGreaterThan(0);
      expect(season?.xp).toBe(WALLETS * CROPS_PER_WALLET * 5 * 3 + taskXp);
      await setGameDay(t, 0);
    });

    it("answers a new player's state with a zero streak, three fresh quests and nothing unlocked", async () => {
      const { cookie } = await signedInPlayer(t);
      const reply = await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } });
      expect(reply.statusCode).toBe(200);
      const body = reply.json();
      expect(body.streak).toEqual({ current: 0, best: 0, wateredToday: false });
      // Nothing to tend: three visits (never a planting), and five chores for the week.
      expect(body.quests.map((quest: { kind: string }) => quest.kind).sort()).not.toContain("water");
      expect(body.quests).toHaveLength(3);
      expect(body.chores).toHaveLength(5);
      for (const task of [...body.quests, ...body.chores])
        expect(task).toMatchObject({ progress: 0, completed: false });
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

    it("counts the day of all three quests once when a harvest, waterings and visits complete them together", async () => {
      // A fixed wallet with two growing plants and a ripe one: its draw holds a watering quest (at most 3), the
      // harvest and a visit (decision 0059), whatever the day.
      const address = getAddress(`0x${"fa12".padStart(40, "0")}`);
      const { cookie } = await signedInPlayer(t, address);
      const crops: string[] = [];
      for (let c = 0; c < 2; c++) crops.push((await seedCrop(t.app.db, { holder: address })).cropId);
      const ripe = await seedCrop(t.app.db, {
        holder: address,
        status: "repaid",
        fundedDaysAgo: 31,
        tenorDays: 30,
      });
      crops.push(ripe.cropId);
      const drawn = (
        await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } })
      ).json();
      expect(
        drawn.quests
          .map((quest: { kind: string }) => quest.kind)
          .slice(0, 2)
          .sort(),
      ).toEqual(["harvest", "water"]);
      const hooks = new ChainHookRegistry();
      // The harvest is granted on the game's clock too.
      hooks.register(gameChainHooks(() => gameTime(0)));
      const harvest = {
        id: `0x${"cd".repeat(32)}:2`,
        tokenId: BigInt(ripe.cropId),
        holder: address,
        shares: 10n * ONE_GOLD,
        principal: 10n * ONE_GOLD,
        yield: 0n,
        blockNumber: 1,
        blockTime: gameTime(0),
        txHash: `0x${"cd".repeat(32)}`,
      } as unknown as IndexedHarvest;
      // The harvest (as the crop sync or the indexer records it) races the waterings and the visits.
      const requests = [
        ...crops.map((cropId) =>
          t.app.inject({ method: "POST", url: "/api/game/water", payload: { cropId }, headers: { cookie } }),
        ),
        ...[
          { place: "garden" },
          { place: "market" },
          { place: "leaderboard" },
          { place: "profile" },
          { place: "factsheet", tokenId: crops[0] },
        ].map((payload) =>
          t.app.inject({ method: "POST", url: "/api/game/visits", payload, headers: { cookie } }),
        ),
      ];
      const replies = await Promise.all([
        ...requests,
        t.app.db.transaction((tx) => hooks.harvestsIndexed(tx, [harvest])),
      ]);
      for (const reply of replies.slice(0, requests.length)) {
        const { statusCode, body } = reply as { statusCode: number; body: string };
        expect(statusCode, body).toBe(200);
      }
      const [row] = await queryRows<{ quest_days: number; quest_xp: number }>(
        t.app.db,
        sql`select quest_days, quest_xp from players where address = ${address}`,
      );
      expect(row).toEqual({ quest_days: 1, quest_xp: DAILY_QUEST_XP_CAP });
      const state = (
        await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } })
      ).json();
      expect(state.quests.map((quest: { id: string }) => quest.id)).toEqual(
        drawn.quests.map((quest: { id: string }) => quest.id),
      );
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
      // The watering's 5 XP and the 10 of the day's "water 1 plant" (one plant: decision 0059).
      expect(row).toEqual({ season: seasonOf(gameTime(0)).id, season_xp: 15 });
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
