import { DAILY_QUEST_XP_CAP, MS_PER_DAY, WEEKLY_CHORE_XP_CAP } from "@farm/core";
import { sql } from "drizzle-orm";
import { getAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

/** The game's day in these tests: the next Wednesday 10:00 UTC at least a day ahead (the test clock runs ahead only). */
const WEDNESDAY = (() => {
  const day = new Date(Date.now() + MS_PER_DAY);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(10, 0, 0, 0);
  return day.getTime() < Date.now() + MS_PER_DAY ? day.getTime() + 7 * MS_PER_DAY : day.getTime();
})();

interface Task {
  id: string;
  kind: string;
  target: number;
  progress: number;
  completed: boolean;
}
interface State {
  quests: Task[];
  chores: Task[];
  taskXp: { questsToday: number; choresThisWeek: number; dailyQuestCap: number; weeklyChoreCap: number };
  achievements: { id: string; unlockedAt: string | null }[];
}

describe.each(testBackends)("daily quests, weekly chores and visits on $name", ({ kind }) => {
  let t: TestApp;
  let wallets = 0;
  /** Fixed wallets, one per test: the draws are the same on every run. */
  const player = () =>
    signedInPlayer(t, getAddress(`0x${(0xc0ffee00 + ++wallets).toString(16).padStart(40, "0")}`));

  beforeAll(async () => {
    t = await startTestApp({ kind, env: { GAME_TEST_CLOCK: "true" } });
    await setDay(0);
  });
  afterAll(() => t.close());

  async function setDay(days: number) {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: WEDNESDAY + days * MS_PER_DAY - Date.now() },
    });
    expect(reply.statusCode).toBe(204);
  }
  const state = async (cookie: string) => {
    const reply = await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } });
    expect(reply.statusCode).toBe(200);
    return reply.json() as State;
  };
  const visit = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/game/visits",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const stored = async (address: string) =>
    (
      await queryRows<{ quest_ids: string[]; chore_ids: string[] }>(
        t.app.db,
        sql`select quest_ids, chore_ids from players where address = ${address}`,
      )
    )[0];

  it("draws once at the first read, two first reads at once agree, and the draw holds for the day", async () => {
    const { address, cookie } = await player();
    const crops = [
      await seedCrop(t.app.db, { holder: address }),
      await seedCrop(t.app.db, { holder: address }),
    ];
    const reads = await Promise.all(Array.from({ length: 8 }, () => state(cookie)));
    const [first] = reads;
    for (const read of reads) {
      expect(read.quests.map((q) => q.id)).toEqual(first?.quests.map((q) => q.id));
      expect(read.chores.map((c) => c.id)).toEqual(first?.chores.map((c) => c.id));
    }
    expect(first?.quests).toHaveLength(3);
    expect(first?.chores).toHaveLength(5);
    expect(await stored(address)).toEqual({
      quest_ids: first?.quests.map((q) => q.id),
      chore_ids: first?.chores.map((c) => c.id),
    });
    // Two plants: never asked to water more than two, to harvest (nothing is ripe) or to plant.
    for (const quest of first?.quests ?? []) {
      if (quest.kind === "water") expect(quest.target).toBeLessThanOrEqual(2);
      expect(["harvest", "plant"]).not.toContain(quest.kind);
    }
    // The state changes (both plants watered): the day's draw does not.
    for (const crop of crops)
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/game/water",
            payload: { cropId: crop.cropId },
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(200);
    const after = await state(cookie);
    expect(after.quests.map((q) => q.id)).toEqual(first?.quests.map((q) => q.id));
    expect(after.quests.find((q) => q.kind === "water")).toMatchObject({ completed: true });
    // The next day draws again, from what the player can do then; the week's chores stay.
    await setDay(1);
    const tomorrow = await state(cookie);
    expect(tomorrow.chores.map((c) => c.id)).toEqual(first?.chores.map((c) => c.id));
    expect(tomorrow.quests.every((q) => q.progress === 0)).toBe(true);
    expect(tomorrow.taskXp.questsToday).toBe(0);
    await setDay(0);
  });

  it("counts a visit once a day, completes its quests and chores with XP within the caps", async () => {
    const { address, cookie } = await player();
    const sheet = await seedCrop(t.app.db, { holder: getAddress(`0x${"ab".repeat(20)}`) });
    await state(cookie);
    const places = [
      { place: "garden" },
      { place: "market" },
      { place: "leaderboard" },
      { place: "profile" },
      { place: "factsheet", tokenId: sheet.cropId },
    ];
    let xp = 0;
    const quests: string[] = [];
    const chores: string[] = [];
    for (const payload of places) {
      const reply = await visit(cookie, payload);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json();
      expect(body.counted).toBe(true);
      xp += body.xpGained;
      quests.push(...body.questsCompleted);
      chores.push(...body.choresCompleted);
    }
    // A wallet with nothing to tend draws only visits: every place visited completes the day's three quests.
    const after = await state(cookie);
    expect(after.quests.every((q) => q.completed)).toBe(true);
    expect(quests.sort()).toEqual(after.quests.map((q) => q.id).sort());
    expect(chores.sort()).toEqual(
      after.chores
        .filter((c) => c.completed)
        .map((c) => c.id)
        .sort(),
    );
    // Completing the day counts for the quest-days chore, drawn every week it can be.
    expect(after.chores.some((c) => c.kind === "questDay" && c.progress === 1)).toBe(true);
    expect(after.taskXp.questsToday).toBe(DAILY_QUEST_XP_CAP);
    expect(xp).toBe(after.taskXp.questsToday + after.taskXp.choresThisWeek);
    expect(after.taskXp.choresThisWeek).toBeLessThanOrEqual(WEEKLY_CHORE_XP_CAP);
    expect(after.achievements.find((a) => a.id === "quest-day")?.unlockedAt).toEqual(expect.any(String));
    const [row] = await queryRows<{ xp: number; season_xp: number }>(
      t.app.db,
      sql`select xp, season_xp from players where address = ${address}`,
    );
    expect(row).toEqual({ xp, season_xp: xp });
    // Again the same day: counted once, nothing moves, no XP.
    for (const payload of places)
      expect((await visit(cookie, payload)).json()).toEqual({
        counted: false,
        xpGained: 0,
        questsCompleted: [],
        choresCompleted: [],
      });
    expect((await state(cookie)).taskXp).toEqual(after.taskXp);
  });

  it("answers bad visits with a clear 4xx and records nothing", async () => {
    const { address, cookie } = await player();
    for (const payload of [
      {},
      { place: "bank" },
      { place: "factsheet" },
      { place: "garden", tokenId: "1" },
      { place: "factsheet", tokenId: "-1" },
      { place: "garden", extra: true },
      { place: 7 },
    ]) {
      const reply = await visit(cookie, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().error.code).toBe("VALIDATION_FAILED");
    }
    const unknown = await visit(cookie, { place: "factsheet", tokenId: "999999999" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("NOT_FOUND");
    expect((await visit(undefined, { place: "garden" })).statusCode).toBe(401);
    const [visits] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from game_visits where address = ${address}`,
    );
    expect(visits?.n).toBe(0);
  });
});
