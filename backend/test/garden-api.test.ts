import { MAX_PLACED_DECORATIONS, MS_PER_DAY, seasonOf, seasonTheme } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGardenLayout } from "../src/services/game/garden-layout";
import { seedCrop, setPlayer } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

/**
 * The game's clock in these tests: the next Wednesday, 10:00 UTC (at least a day ahead: the test clock only runs
 * ahead), so a run never crosses a week's end, and so a season's theme, whatever the hour it starts.
 */
const GAME_NOW = (() => {
  const day = new Date(Date.now() + MS_PER_DAY);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(10, 0, 0, 0);
  return day.getTime() < Date.now() + MS_PER_DAY ? day.getTime() + 7 * MS_PER_DAY : day.getTime();
})();
const season = seasonOf(new Date(GAME_NOW));
const theme = seasonTheme(season);

describe.each(testBackends)("the garden: decorations, layout and season pass on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { GAME_TEST_CLOCK: "true" } });
    const moved = await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: GAME_NOW - Date.now() },
    });
    expect(moved.statusCode).toBe(204);
  });
  afterAll(() => t.close());

  const garden = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/game/garden", headers: cookie ? { cookie } : {} });
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/game/garden/layout",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });
  const unlockedIds = (body: { catalog: { id: string; unlocked: boolean }[] }) =>
    body.catalog.filter((entry) => entry.unlocked).map((entry) => entry.id);

  it("shows a new player the catalogue, how each item unlocks, no layout, and this week's theme and pass", async () => {
    const { cookie } = await signedInPlayer(t);
    const reply = await garden(cookie);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.grid).toEqual({ columns: 6, rows: 8, maxItems: MAX_PLACED_DECORATIONS });
    expect(unlockedIds(body)).toEqual(["path-dirt", "flower-bed"]);
    expect(body.catalog.find((entry: { id: string }) => entry.id === "windmill")).toEqual({
      id: "windmill",
      kind: "decoration",
      unlock: { kind: "level", level: 10 },
      unlocked: false,
    });
    expect(body.progress).toEqual({ level: 1, questDays: 0 });
    expect(body.layout).toEqual({ items: [], updatedAt: null });
    expect(body.season).toEqual({
      id: season.id,
      theme: theme.id,
      startsAt: season.startsAt.toISOString(),
      endsAt: season.endsAt.toISOString(),
      xp: 0,
      tiers: [
        { tier: 1, xp: 50, reward: theme.rewards[0], reachedAt: null },
        { tier: 2, xp: 150, reward: theme.rewards[1], reachedAt: null },
        { tier: 3, xp: 300, reward: theme.rewards[2], reachedAt: null },
      ],
    });
  });

  it("saves a layout of unlocked items, shows it back and replaces it whole", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const items = [
      { id: "flower-bed", x: 0, y: 0 },
      { id: "path-dirt", x: 5, y: 7 },
      { id: "path-dirt", x: 4, y: 7 },
    ];
    const saved = await put(cookie, { items });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().items).toEqual(items);
    // Saved at the game's clock.
    expect(Date.parse(saved.json().updatedAt) - GAME_NOW).toBeGreaterThanOrEqual(0);
    expect(Date.parse(saved.json().updatedAt) - GAME_NOW).toBeLessThan(MS_PER_DAY);
    expect((await garden(cookie)).json().layout.items).toEqual(items);
    expect((await readGardenLayout(t.app.db, address)).items).toEqual(items);
    expect((await put(cookie, { items: [] })).json().items).toEqual([]);
    expect((await readGardenLayout(t.app.db, address)).items).toEqual([]);
  });

  it("refuses a locked item (403), a cell off the grid, two items on a cell, too many and unknown ids (400)", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await put(cookie, { items: [{ id: "flower-bed", x: 1, y: 1 }] });
    const locked = await put(cookie, { items: [{ id: "windmill", x: 0, y: 0 }] });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatchObject({
      code: "DECORATION_LOCKED",
      details: { index: 0, id: "windmill" },
    });
    const refusals = [
      { items: [{ id: "path-dirt", x: 6, y: 0 }] },
      { items: [{ id: "path-dirt", x: 0, y: 8 }] },
      { items: [{ id: "path-dirt", x: -1, y: 0 }] },
      { items: [{ id: "path-dirt", x: 0.5, y: 0 }] },
      {
        items: [
          { id: "path-dirt", x: 2, y: 2 },
          { id: "flower-bed", x: 2, y: 2 },
        ],
      },
      {
        items: Array.from({ length: MAX_PLACED_DECORATIONS + 1 }, (_, i) => ({
          id: "path-dirt",
          x: i % 6,
          y: Math.floor(i / 6),
        })),
      },
      { items: [{ id: "gold-statue", x: 0, y: 0 }] },
      { items: "flower-bed" },
      {},
    ];
    for (const payload of refusals) {
      const reply = await put(cookie, payload);
      expect([JSON.stringify(payload).slice(0, 60), reply.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 60),
        400,
      ]);
      expect(reply.json().error.code).toBe("VALIDATION_FAILED");
    }
    // Nothing refused was saved.
    expect((await readGardenLayout(t.app.db, address)).items).toEqual([{ id: "flower-bed", x: 1, y: 1 }]);
    expect((await put(undefined, { items: [] })).statusCode).toBe(401);
    expect((await garden()).statusCode).toBe(401);
  });

  it("unlocks by level, by achievement and by days of every daily quest done", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { xp: 4050, level: 10 });
    await t.app.db.execute(sql`update players set quest_days = 3 where address = ${address}`);
    await t.app.db.execute(
      sql`insert into achievements (address, achievement_id) values (${address}, 'first-water')`,
    );
    const body = (await garden(cookie)).json();
    expect(unlockedIds(body)).toEqual(
      expect.arrayContaining(["windmill", "pond", "path-brick", "bench", "path-wood", "lantern"]),
    );
    expect(unlockedIds(body)).not.toContain("birdhouse");
    expect(body.progress).toEqual({ level: 10, questDays: 3 });
    const saved = await put(cookie, {
      items: [
        { id: "windmill", x: 0, y: 0 },
        { id: "path-wood", x: 1, y: 0 },
        { id: "lantern", x: 2, y: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
  });

  it("records a pass tier when a watering passes it, gives its decoration for good, and ends with the week", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: address });
    await setPlayer(t.app.db, address, { xp: 100, level: 2 });
    await t.app.db.execute(
      sql`update players set season = ${season.id}, season_xp = 48 where address = ${address}`,
    );
    const reward = theme.rewards[0];
    expect((await put(cookie, { items: [{ id: reward, x: 3, y: 3 }] })).statusCode).toBe(403);

    const watered = await t.app.inject({
      method: "POST",
      url: "/api/game/water",
      payload: { cropId: crop.cropId },
      headers: { cookie },
    });
    expect(watered.statusCode).toBe(200);
    const body = (await garden(cookie)).json();
    // The watering's 5 XP and any quest or chore it completed (its answer says how much in all).
    expect(body.season.xp).toBe(48 + (watered.json() as { xpGained: number }).xpGained);
    expect(body.season.tiers.map((tier: { reachedAt: string | null }) => tier.reachedAt !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(unlockedIds(body)).toContain(reward);
    expect((await put(cookie, { items: [{ id: reward, x: 3, y: 3 }] })).statusCode).toBe(200);

    // A reorg takes the XP back: the tier stays reached, the decoration stays.
    await t.app.db.execute(sql`update players set season_xp = 10 where address = ${address}`);
    const after = (await garden(cookie)).json();
    expect(after.season.tiers[0].reachedAt).toBe(body.season.tiers[0].reachedAt);
    expect(unlockedIds(after)).toContain(reward);

    // Once the week has ended its pass is over: the new week's starts from nothing, what was reached stays.
    const nextWeek = await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: GAME_NOW + 7 * MS_PER_DAY - Date.now() },
    });
    expect(nextWeek.statusCode).toBe(204);
    const later = (await garden(cookie)).json();
    expect(later.season.id).toBe(seasonOf(new Date(GAME_NOW + 7 * MS_PER_DAY)).id);
    expect(later.season.xp).toBe(0);
    expect(later.season.tiers.every((tier: { reachedAt: string | null }) => tier.reachedAt === null)).toBe(
      true,
    );
    expect(unlockedIds(later)).toContain(reward);
    await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: GAME_NOW - Date.now() },
    });
  });
});
