import { ONE_GOLD } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/adapters/db/database";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

interface Entry {
  rank: number;
  address: string;
  name: string | null;
  score: string;
}

async function addPlayer(
  db: Database,
  address: string,
  scores: { xp?: number; invested?: bigint; yieldEarned?: bigint; at: string; name?: string },
) {
  await db.execute(sql`
    insert into players (address, xp, level, water, water_day, display_name, xp_reached_at, invested,
                         invested_reached_at, yield_earned, yield_reached_at)
    values (${address}, ${scores.xp ?? 0}, 1, 100, 0, ${scores.name ?? null}, ${scores.at}::timestamptz,
            ${(scores.invested ?? 0n).toString()}::numeric, ${scores.at}::timestamptz,
            ${(scores.yieldEarned ?? 0n).toString()}::numeric, ${scores.at}::timestamptz)`);
}

describe.each(testBackends)("GET /api/leaderboard on $name", ({ kind }) => {
  let t: TestApp;
  const wallets: { address: string; cookie: string }[] = [];
  beforeAll(async () => {
    t = await startTestApp({ kind });
    for (let i = 0; i < 6; i++) wallets.push(await signedInPlayer(t));
    const [a, b, c, d, e, f] = wallets.map((wallet) => wallet.address) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await addPlayer(t.app.db, a, {
      xp: 500,
      invested: 10n * ONE_GOLD,
      at: "2026-01-02T00:00:00Z",
      name: "alpha",
    });
    // b and c tie on XP; c got there first, so c ranks above b.
    await addPlayer(t.app.db, b, { xp: 300, invested: 30n * ONE_GOLD, at: "2026-01-05T00:00:00Z" });
    await addPlayer(t.app.db, c, { xp: 300, yieldEarned: 7n, at: "2026-01-03T00:00:00Z" });
    await addPlayer(t.app.db, d, {
      xp: 100,
      invested: 20n * ONE_GOLD,
      yieldEarned: 9n,
      at: "2026-01-01T00:00:00Z",
    });
    await addPlayer(t.app.db, e, { xp: 50, at: "2026-01-01T00:00:00Z" });
    // f has no score yet and is not ranked.
    await addPlayer(t.app.db, f, { at: "2026-01-01T00:00:00Z" });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const addresses = (entries: Entry[]) => entries.map((entry) => entry.address);

  it("ranks by XP with ties going to whoever got there first", async () => {
    const body = (await get("/api/leaderboard?by=xp&limit=10")).json();
    expect(addresses(body.entries)).toEqual([0, 2, 1, 3, 4].map((i) => wallets[i]?.address));
    expect(body.entries.map((entry: Entry) => entry.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(body.entries[0]).toMatchObject({ name: "alpha", score: "500" });
    expect(body.me).toBeNull();
    expect(body.nextCursor).toBeNull();
  });

  it("ranks by GOLD invested and by yield earned, in base units", async () => {
    const invested = (await get("/api/leaderboard?by=invested")).json();
    expect(addresses(invested.entries)).toEqual([1, 3, 0].map((i) => wallets[i]?.address));
    expect(invested.entries[0].score).toBe((30n * ONE_GOLD).toString());
    const yields = (await get("/api/leaderboard?by=yield")).json();
    expect(yields.entries.map((entry: Entry) => [entry.address, entry.score])).toEqual([
      [wallets[3]?.address, "9"],
      [wallets[2]?.address, "7"],
    ]);
  });

  it("pages with a cursor without gaps or repeats", async () => {
    const first = (await get("/api/leaderboard?by=xp&limit=2")).json();
    expect(first.entries.map((entry: Entry) => entry.rank)).toEqual([1, 2]);
    const second = (await get(`/api/leaderboard?by=xp&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.entries.map((entry: Entry) => entry.rank)).toEqual([3, 4]);
    const third = (await get(`/api/leaderboard?by=xp&limit=2&cursor=${second.nextCursor}`)).json();
    expect(third.entries.map((entry: Entry) => entry.rank)).toEqual([5]);
    expect(third.nextCursor).toBeNull();
  });

  // The ranks are counted on the server from the cursor's sort key: a cursor once carried the rank, and a forged one
  // listed a player at any rank (each forged cursor a page cached for 30 s).
  it("counts a page's ranks itself, whatever rank or key a cursor carries", async () => {
    const first = (await get("/api/leaderboard?by=xp&limit=2")).json();
    expect(first.nextCursor.split(".")).toHaveLength(3);
    const ranks = async (cursor: string) =>
      (await get(`/api/leaderboard?by=xp&limit=2&cursor=${cursor}`))
        .json()
        .entries.map((entry: Entry) => entry.rank);
    expect(await ranks(first.nextCursor)).toEqual([3, 4]);
    // The previous release's cursor form with a rank in front: taken, its rank ignored.
    expect(await ranks(`999999999.${first.nextCursor}`)).toEqual([3, 4]);
    expect(await ranks(`1.${first.nextCursor}`)).toEqual([3, 4]);
    // A key no player holds: after a (500) and both players at 300 (reached before it), d ranks 4th.
    const far = `300.${Date.UTC(2030, 0, 1) * 1000}.0x${"0".repeat(40)}`;
    const page = (await get(`/api/leaderboard?by=xp&limit=2&cursor=${far}`)).json();
    expect(page.entries.map((entry: Entry) => [entry.rank, entry.address])).toEqual([
      [4, wallets[3]?.address],
      [5, wallets[4]?.address],
    ]);
  });

  it("adds the signed-in caller's own rank, also when it is off the page", async () => {
    const b = wallets[1]!;
    const body = (await get("/api/leaderboard?by=xp&limit=1", b.cookie)).json();
    expect(body.me).toMatchObject({ rank: 3, address: b.address, score: "300" });
    const unranked = (await get("/api/leaderboard?by=xp", wallets[5]?.cookie)).json();
    expect(unranked.me).toBeNull();
  });

  it("serves a cached board for up to 30 seconds", async () => {
    const before = (await get("/api/leaderboard?by=xp&limit=3")).json();
    await t.app.db.execute(sql`update players set xp = 10000 where address = ${wallets[4]?.address}`);
    const cached = (await get("/api/leaderboard?by=xp&limit=3")).json();
    expect(cached).toEqual(before);
    const keys = ["leaderboard:xp:0:3"];
    for (const key of keys) await t.cache.delete(key);
    const fresh = (await get("/api/leaderboard?by=xp&limit=3")).json();
    expect(fresh.entries[0].address).toBe(wallets[4]?.address);
    // The board as the other tests know it, whatever order they run in.
    await t.app.db.execute(sql`update players set xp = 50 where address = ${wallets[4]?.address}`);
    for (const key of keys) await t.cache.delete(key);
  });

  it("refuses an unknown board, a bad cursor and an oversized page with 400", async () => {
    for (const url of [
      "/api/leaderboard?by=gold",
      "/api/leaderboard?cursor=abc",
      "/api/leaderboard?cursor=0",
      "/api/leaderboard?limit=101",
      "/api/leaderboard?limit=0",
    ]) {
      const reply = await get(url);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json().error.code).toBe("VALIDATION_FAILED");
    }
  });
});
