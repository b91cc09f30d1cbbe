import { ONE_GOLD, utcDay } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPlayer, seedCrop, setPlayer } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { withinOneUtcDay } from "./one-utc-day";

// The game's water, waterings and quests are per UTC day on the server's clock.
withinOneUtcDay();
describe.each(testBackends)("POST /api/game/water on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  const water = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/game/water",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  // A wallet with one waterable plant always draws "water 1 plant" (decision 0059): its first watering of the day
  // completes it, +10 XP beside the watering's 5; no chore completes on one watering.
  it("spends 10 water, gives 5 XP and the quest's 10, and creates the player on first watering", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: address });
    const reply = await water(cookie, { cropId: crop.cropId });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      xpGained: 15,
      waterRemaining: 90,
      xp: 15,
      level: 1,
      leveledUp: false,
    });
    expect(reply.json()).toMatchObject({
      streak: 1,
      achievementsUnlocked: ["first-water"],
      questsCompleted: ["water-1"],
      choresCompleted: [],
    });
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 15, water: 90 });
  });

  it("reports a level-up when the watering crosses 50 XP", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { xp: 45, water: 40 });
    const crop = await seedCrop(t.app.db, { holder: address });
    const reply = await water(cookie, { cropId: crop.cropId });
    expect(reply.json()).toMatchObject({
      xpGained: 15,
      waterRemaining: 30,
      xp: 60,
      level: 2,
      leveledUp: true,
    });
  });

  it("refills the tank lazily when the stored water belongs to an earlier UTC day", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { xp: 200, level: 3, water: 0, waterDay: utcDay(new Date()) - 1 });
    const crop = await seedCrop(t.app.db, { holder: address });
    const reply = await water(cookie, { cropId: crop.cropId });
    expect(reply.json()).toMatchObject({ waterRemaining: 110, xp: 215, level: 3 });
  });

  it("refuses a second watering of the same crop on the same day with 409", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: address });
    expect((await water(cookie, { cropId: crop.cropId })).statusCode).toBe(200);
    const again = await water(cookie, { cropId: crop.cropId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ALREADY_WATERED_TODAY");
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 15, water: 90 });
  });

  it("refuses with 422 when less than 10 water is left", async () => {
    const { address, cookie } = await signedInPlayer(t);
    await setPlayer(t.app.db, address, { water: 9 });
    const crop = await seedCrop(t.app.db, { holder: address });
    const reply = await water(cookie, { cropId: crop.cropId });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error.code).toBe("NOT_ENOUGH_WATER");
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 0, water: 9 });
  });

  it("refuses someone else's crop with 403", async () => {
    const owner = await signedInPlayer(t);
    const other = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: owner.address });
    const reply = await water(other.cookie, { cropId: crop.cropId });
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe("NOT_YOUR_CROP");
  });

  it("refuses harvested and withered crops with 422", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const harvested = await seedCrop(t.app.db, {
      holder: address,
      status: "repaid",
      fundedDaysAgo: 40,
      harvested: true,
    });
    const defaulted = await seedCrop(t.app.db, { holder: address, status: "defaulted", fundedDaysAgo: 90 });
    for (const crop of [harvested, defaulted]) {
      const reply = await water(cookie, { cropId: crop.cropId });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().error.code).toBe("CROP_NOT_WATERABLE");
    }
    // The day's first read drew the boards on a new row (decision 0059); the refusals changed nothing of it.
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 0, water: 100 });
  });

  it("waters seeds, ripe crops and wilting crops within the grace period", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const seedling = await seedCrop(t.app.db, { holder: address, fundedDaysAgo: -1 });
    const ripe = await seedCrop(t.app.db, {
      holder: address,
      status: "repaid",
      fundedDaysAgo: 31,
      tenorDays: 30,
    });
    const wilting = await seedCrop(t.app.db, { holder: address, fundedDaysAgo: 40, tenorDays: 30 });
    for (const crop of [seedling, ripe, wilting])
      expect((await water(cookie, { cropId: crop.cropId })).statusCode).toBe(200);
    // 3 x 5 XP, and 10 for the day's watering quest: drawn for at most these three plants, they complete it.
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 25, water: 70 });
  });

  it("refuses crops withered past the grace period and returned (cancelled) ones with 422", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const lost = await seedCrop(t.app.db, { holder: address, fundedDaysAgo: 61, tenorDays: 30 });
    const returned = await seedCrop(t.app.db, { holder: address, status: "cancelled", fundedDaysAgo: -1 });
    for (const crop of [lost, returned]) {
      const reply = await water(cookie, { cropId: crop.cropId });
      expect(reply.statusCode).toBe(422);
      expect(reply.json().error.code).toBe("CROP_NOT_WATERABLE");
    }
  });

  // Watering XP needs what planting XP needs (decision 0022): a share bought for a wei on the market is a crop to look
  // at, never one to water, and the day's quests and the week's chores never ask to water or harvest it.
  it("refuses a crop under 10 GOLD with 422 CROP_TOO_SMALL and draws no watering or harvest task for it", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const dust = await seedCrop(t.app.db, { holder: address, shares: 10n * ONE_GOLD - 1n });
    await seedCrop(t.app.db, {
      holder: address,
      shares: 1n,
      status: "repaid",
      fundedDaysAgo: 31,
      tenorDays: 30,
    });
    const state = (await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } })).json();
    const tasks: { kind: string }[] = [...state.quests, ...state.chores];
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.filter((task) => ["water", "waterDay", "harvest"].includes(task.kind))).toEqual([]);
    const reply = await water(cookie, { cropId: dust.cropId });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error.code).toBe("CROP_TOO_SMALL");
    expect(await readPlayer(t.app.db, address)).toMatchObject({ xp: 0, water: 100 });
    const ten = await seedCrop(t.app.db, { holder: address, shares: 10n * ONE_GOLD });
    expect((await water(cookie, { cropId: ten.cropId })).statusCode).toBe(200);
  });

  it("answers 404 for an invoice that does not exist", async () => {
    const { cookie } = await signedInPlayer(t);
    const reply = await water(cookie, { cropId: "999999" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.code).toBe("NOT_FOUND");
  });

  it("answers 400 for a malformed crop id and 401 without a session", async () => {
    const { cookie } = await signedInPlayer(t);
    for (const payload of [{ cropId: "abc" }, { cropId: "0" }, { cropId: 5 }, {}]) {
      const reply = await water(cookie, payload);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error.code).toBe("VALIDATION_FAILED");
    }
    expect((await water(undefined, { cropId: "1" })).statusCode).toBe(401);
  });
});
