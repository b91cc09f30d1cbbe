import { levelForXp, ONE_GOLD, termProgress } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantForChainEvents, harvestGrant, plantingGrant } from "../src/services/game/hooks";
import { readPlayer, seedCrop, setPlayer } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { withinOneUtcDay } from "./one-utc-day";

// The game's water, waterings and quests are per UTC day on the server's clock.
withinOneUtcDay();
describe.each(testBackends)("crops, profile and activity on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const water = (cookie: string, cropId: string) =>
    t.app.inject({ method: "POST", url: "/api/game/water", payload: { cropId }, headers: { cookie } });
  const patchProfile = (cookie: string, payload: unknown) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/user/profile",
      payload: payload as object,
      headers: { cookie },
    });

  describe("GET /api/crops", () => {
    it("lists my crops with stage, progress, days to maturity, watering and the exact payout", async () => {
      const { address, cookie } = await signedInPlayer(t);
      const shares = 1_234n * ONE_GOLD + 7n;
      const growing = await seedCrop(t.app.db, { holder: address, shares, fundedDaysAgo: 5, tenorDays: 30 });
      const ripe = await seedCrop(t.app.db, {
        holder: address,
        status: "repaid",
        fundedDaysAgo: 31,
        tenorDays: 30,
      });
      const harvested = await seedCrop(t.app.db, {
        holder: address,
        status: "repaid",
        fundedDaysAgo: 40,
        tenorDays: 30,
        harvested: true,
      });
      await seedCrop(t.app.db, { holder: (await signedInPlayer(t)).address });
      await water(cookie, growing.cropId);

      const asked = Date.now();
      const reply = await get("/api/crops", cookie);
      expect(reply.statusCode).toBe(200);
      const crops = reply.json().crops as Record<string, unknown>[];
      // The answer says at which chain time it was derived (no contracts here: the server's clock stands in), and
      // each crop's progress is the share of its term passed at exactly that time.
      const asOf = reply.json().asOf as string;
      expect(Date.parse(asOf)).toBeGreaterThanOrEqual(asked - 1);
      expect(Date.parse(asOf)).toBeLessThanOrEqual(Date.now() + 1);
      for (const crop of crops) {
        const { fundedAt, maturity } = crop.invoice as { fundedAt: string | null; maturity: string | null };
        const at = (iso: string | null) => (iso === null ? null : new Date(iso));
        expect(crop.progress).toBe(termProgress(at(fundedAt), at(maturity), new Date(asOf)));
      }
      expect(crops.map((crop) => crop.cropId)).toEqual([harvested.cropId, ripe.cropId, growing.cropId]);
      const [h, r, g] = crops;
      expect(g).toMatchObject({
        stage: "sprout",
        daysToMaturity: 25,
        wateredToday: true,
        canHarvest: false,
        shares: shares.toString(),
        invested: shares.toString(),
        expectedPayout: {
          principal: shares.toString(),
          yield: ((shares * 1000n) / 10_000n).toString(),
          total: (shares + (shares * 1000n) / 10_000n).toString(),
        },
      });
      expect(g?.progress).toBeCloseTo(5 / 30, 3);
      expect(g?.lastWateredAt).toEqual(expect.any(String));
      expect(r).toMatchObject({
        stage: "ripe",
        canHarvest: true,
        daysToMaturity: 0,
        progress: 1,
        wateredToday: false,
      });
      expect(g?.state).toMatchObject({ name: "sprout", invoice: "funded", action: null, daysToHarvest: 25 });
      expect(r?.state).toMatchObject({
        name: "ripe",
        invoice: "repaid",
        action: "harvest",
        amountKind: "now",
      });
      expect(h).toMatchObject({ stage: "harvested", canHarvest: false, shares: "0" });
      // A harvested crop tells what its harvest paid, never "pays 0".
      expect(h?.state).toMatchObject({
        name: "harvested",
        action: null,
        amountKind: "paid",
        group: "closed",
      });
      const paid = h?.received as { harvestedPrincipal: string; harvestedYield: string };
      expect(BigInt(paid.harvestedPrincipal)).toBeGreaterThan(0n);
      expect((h?.state as { amount: { total: string } } | undefined)?.amount.total).toBe(
        (BigInt(paid.harvestedPrincipal) + BigInt(paid.harvestedYield)).toString(),
      );
    });

    it("answers an empty list for a wallet without investments and 401 without a session", async () => {
      const { cookie } = await signedInPlayer(t);
      expect((await get("/api/crops", cookie)).json()).toEqual({ crops: [], asOf: expect.any(String) });
      const anonymous = await get("/api/crops");
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe("UNAUTHENTICATED");
    });
  });

  describe("profile", () => {
    it("shows xp, level, next level, water with capacity and refill time, and investment stats", async () => {
      const { address, cookie } = await signedInPlayer(t);
      await setPlayer(t.app.db, address, { xp: 60, level: 2, water: 50 });
      await seedCrop(t.app.db, { holder: address, shares: 100n * ONE_GOLD });
      await seedCrop(t.app.db, {
        holder: address,
        shares: 50n * ONE_GOLD,
        status: "repaid",
        harvested: true,
      });
      const reply = await get("/api/user/profile", cookie);
      expect(reply.statusCode).toBe(200);
      const tomorrow = new Date();
      tomorrow.setUTCHours(24, 0, 0, 0);
      expect(reply.json()).toMatchObject({
        address,
        xp: 60,
        level: 2,
        nextLevelXp: 200,
        water: 50,
        waterMax: 110,
        waterRefillsAt: tomorrow.toISOString(),
        displayName: null,
        avatar: null,
        stats: {
          invested: (150n * ONE_GOLD).toString(),
          harvested: (55n * ONE_GOLD).toString(),
          yieldEarned: (5n * ONE_GOLD).toString(),
          activeCrops: 1,
          harvestedCrops: 1,
        },
      });
    });

    it("shows a watering and a new display name at once despite the profile cache", async () => {
      const { address, cookie } = await signedInPlayer(t);
      const crop = await seedCrop(t.app.db, { holder: address });
      expect((await get("/api/user/profile", cookie)).json()).toMatchObject({
        xp: 0,
        water: 100,
        displayName: null,
      });
      await water(cookie, crop.cropId);
      const name = `Sari_${Date.now().toString(36)}`;
      await patchProfile(cookie, { displayName: name });
      // The watering's 5 XP and the 10 of the day's "water 1 plant" (decision 0059).
      expect((await get("/api/user/profile", cookie)).json()).toMatchObject({
        xp: 15,
        water: 90,
        displayName: name,
      });
    });

    it("gives a new wallet a full tank at level 1", async () => {
      const { cookie } = await signedInPlayer(t);
      expect((await get("/api/user/profile", cookie)).json()).toMatchObject({
        xp: 0,
        level: 1,
        nextLevelXp: 50,
        water: 100,
        waterMax: 100,
      });
    });

    it("sets a display name and avatar, and refuses a name another wallet has in any case", async () => {
      const first = await signedInPlayer(t);
      const second = await signedInPlayer(t);
      const name = `Budi_${Date.now().toString(36)}`;
      const set = await patchProfile(first.cookie, { displayName: name, avatar: "sunflower" });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ address: first.address, displayName: name, avatar: "sunflower" });
      const taken = await patchProfile(second.cookie, { displayName: name.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe("DISPLAY_NAME_TAKEN");
      const avatarOnly = await patchProfile(first.cookie, { avatar: "tractor" });
      expect(avatarOnly.json()).toMatchObject({ displayName: name, avatar: "tractor" });
    });

    it("refuses names outside 3-20 letters, digits, _ or -, unknown avatars and empty updates with 400", async () => {
      const { cookie } = await signedInPlayer(t);
      for (const payload of [
        { displayName: "ab" },
        { displayName: "a".repeat(21) },
        { displayName: "bad name" },
        { displayName: "<script>" },
        { avatar: "dragon" },
        {},
        { displayName: "valid_name", extra: 1 },
      ]) {
        const reply = await patchProfile(cookie, payload);
        expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
        expect(reply.json().error.code).toBe("VALIDATION_FAILED");
      }
    });
  });

  describe("GET /api/user/activity", () => {
    it("lists investments, waterings, harvests and level-ups newest first, page by page", async () => {
      const { address, cookie } = await signedInPlayer(t);
      await setPlayer(t.app.db, address, { xp: 45 });
      const crop = await seedCrop(t.app.db, { holder: address, fundedDaysAgo: 3 });
      await seedCrop(t.app.db, { holder: address, status: "repaid", fundedDaysAgo: 40, harvested: true });
      await water(cookie, crop.cropId);

      const all = (await get("/api/user/activity?limit=100", cookie)).json();
      const kinds = all.items.map((item: { kind: string }) => item.kind);
      expect(kinds.slice(0, 3).sort()).toEqual(["harvested", "level_up", "watered"]);
      expect(kinds.slice(3)).toEqual(["invested", "invested"]);
      expect(all.nextCursor).toBeNull();

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/user/activity?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const page = (await get(url, cookie)).json();
        seen.push(...page.items.map((item: { id: string }) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all.items.map((item: { id: string }) => item.id));
    });

    it("pages a long history of waterings, many at the same moment, with every entry once and in order", async () => {
      const { address, cookie } = await signedInPlayer(t);
      await seedCrop(t.app.db, { holder: address, fundedDaysAgo: 40 });
      // 30 days of 7 plants each watered at one moment a day (a batch shares the chain head's time): ties at every
      // page's edge, and a window of time per page that must not cut a tie short.
      await t.app.db.execute(sql`
        insert into waterings (address, token_id, day, xp_gained, watered_at)
        select ${address}, 900000 + k, 19000 + d, 2, timestamptz '2022-01-01' + d * interval '1 day'
        from generate_series(1, 30) d cross join generate_series(1, 7) k`);
      const pages = async (limit: number) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const url: string = `/api/user/activity?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
          const page = (await get(url, cookie)).json();
          seen.push(...page.items.map((item: { id: string }) => item.id));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const every = await pages(100);
      // Newest first, a moment's ties by id (descending): day 30's plants 7..1, then day 29's, and so on.
      const days = Array.from({ length: 30 }, (_, i) => 30 - i);
      const plants = Array.from({ length: 7 }, (_, i) => 7 - i);
      expect(every.filter((id) => id.startsWith("watered:"))).toEqual(
        days.flatMap((d) => plants.map((k) => `watered:${900000 + k}:${19000 + d}`)),
      );
      expect(every).toHaveLength(211);
      for (const limit of [3, 7, 10]) {
        const seen = await pages(limit);
        expect(seen, `pages of ${limit}`).toEqual(every);
      }
    });

    it("exports the history as CSV with exact GOLD amounts", async () => {
      const { address, cookie } = await signedInPlayer(t);
      await seedCrop(t.app.db, { holder: address, shares: 1_500n * ONE_GOLD + 1n });
      const reply = await get("/api/user/activity?format=csv", cookie);
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-type"]).toMatch(/^text\/csv/);
      expect(reply.headers["content-disposition"]).toContain("attachment");
      const lines = reply.body.trim().split("\r\n");
      expect(lines[0]).toBe("time_utc,kind,token_id,amount_base_units,amount_gold,xp,level,tx_hash");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(",invested,");
      expect(lines[1]).toContain(`,${1_500n * ONE_GOLD + 1n},1500.000000000000000001,`);
    });

    it("refuses a forged cursor and an oversized page with 400, and anonymous callers with 401", async () => {
      const { cookie } = await signedInPlayer(t);
      expect((await get("/api/user/activity?cursor=nonsense", cookie)).statusCode).toBe(400);
      expect((await get("/api/user/activity?limit=1000", cookie)).statusCode).toBe(400);
      expect((await get("/api/user/activity?format=xml", cookie)).statusCode).toBe(400);
      expect((await get("/api/user/activity")).statusCode).toBe(401);
    });
  });

  it("grants a batch of chain events once each: sums per player, skips repeats, records the level reached", async () => {
    const [a, b] = await Promise.all([signedInPlayer(t), signedInPlayer(t)]);
    const when = new Date("2026-01-02T03:04:05Z");
    const planting = (id: string, investor: string, gold: bigint) =>
      plantingGrant({
        id,
        tokenId: 1n,
        investor: investor as `0x${string}`,
        amount: gold * ONE_GOLD,
        blockNumber: 1,
        blockTime: when,
        txHash: `0x${"ab".repeat(32)}`,
      });
    const harvest = harvestGrant({
      id: `${a.address}:h`,
      tokenId: 1n,
      holder: a.address,
      shares: 10n * ONE_GOLD,
      principal: 10n * ONE_GOLD,
      yield: 7n,
      blockNumber: 2,
      blockTime: when,
      txHash: `0x${"cd".repeat(32)}`,
    });
    const first = [
      planting(`${a.address}:1`, a.address, 10n),
      planting(`${a.address}:2`, a.address, 5n),
      harvest,
    ];
    // The second batch repeats two events (one of them twice) next to one new planting of b.
    expect(await grantForChainEvents(t.app.db, first, new Date())).toBe(1);
    const second = [first[0]!, first[0]!, harvest, planting(`${b.address}:1`, b.address, 3n)];
    expect(await grantForChainEvents(t.app.db, second, new Date())).toBe(1);

    const xpA = 25 + 25 + 50;
    expect(await readPlayer(t.app.db, a.address)).toMatchObject({ xp: xpA, level: levelForXp(xpA) });
    expect(await readPlayer(t.app.db, b.address)).toMatchObject({ xp: 25, level: 1 });
    const totals = (await t.app.db.execute(
      sql`select invested::text, yield_earned::text from players where address = ${a.address}`,
    )) as unknown as { rows: { invested: string; yield_earned: string }[] };
    expect(totals.rows[0]).toEqual({ invested: (15n * ONE_GOLD).toString(), yield_earned: "7" });
    const levels = (await t.app.db.execute(
      sql`select level from level_ups where address = ${a.address} order by level`,
    )) as unknown as { rows: { level: number }[] };
    // 100 XP from level 1 passes level 2 (50 XP) only: one row; no row for b, still at level 1.
    expect(levels.rows.map((row) => row.level)).toEqual([2]);
  });

  it("keeps watering from touching money: shares and payout are the same after watering", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const crop = await seedCrop(t.app.db, { holder: address });
    const before = (await get("/api/crops", cookie)).json().crops[0];
    await water(cookie, crop.cropId);
    const after = (await get("/api/crops", cookie)).json().crops[0];
    expect(after.expectedPayout).toEqual(before.expectedPayout);
    expect(after.invoice.maturity).toBe(before.invoice.maturity);
  });
});
