import { MS_PER_DAY } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { MAX_VISITS_PER_DAY } from "../src/services/game/visits";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { randomAccount, startTestApp, type TestApp, testBackends } from "./helpers";

/**
 * A wallet records at most 40 visits a UTC day (decision 0059): a bound on the rows it writes. The count is read under
 * the player's row lock, so 80 fact sheets posted at once store 40 (a count read before any lock let 49-59 through on
 * PostgreSQL; PGlite runs one statement at a time).
 */
describe.each(testBackends)("the day's visit cap on $name", ({ kind }) => {
  let t: TestApp;
  const seeds: string[] = [];
  beforeAll(async () => {
    // The 80 visits queue on one player's row lock, 20 at a time on the pool's connections; the rest wait for one.
    // On a loaded CI machine that wait passed the 2 s DB_CONNECT_TIMEOUT_MS meant for a database that is away (503).
    t = await startTestApp({ kind, env: { GAME_TEST_CLOCK: "true", DB_CONNECT_TIMEOUT_MS: "60000" } });
    const holder = randomAccount().address;
    for (let i = 0; i < 2 * MAX_VISITS_PER_DAY; i++)
      seeds.push((await seedCrop(t.app.db, { holder })).cropId);
  });
  afterAll(() => t.close());

  const setDay = async (days: number) => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: days * MS_PER_DAY },
    });
    expect(reply.statusCode).toBe(204);
  };
  const factSheet = (cookie: string, tokenId: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/game/visits",
      headers: { cookie },
      payload: { place: "factsheet", tokenId },
    });
  const stored = async (address: string) =>
    (
      await queryRows<{ day: number; n: number }>(
        t.app.db,
        sql`select day, count(*)::int as n from game_visits where address = ${address} group by day order by day`,
      )
    ).map((row) => row.n);

  it("stores 40 of 80 fact sheets posted at once and counts exactly those", async () => {
    await setDay(0);
    const { address, cookie } = await signedInPlayer(t);
    // The first read draws the boards and creates the row.
    await t.app.inject({ method: "GET", url: "/api/game/state", headers: { cookie } });
    const replies = await Promise.all(seeds.map((tokenId) => factSheet(cookie, tokenId)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(seeds.map(() => 200));
    expect(replies.filter((reply) => reply.json().counted)).toHaveLength(MAX_VISITS_PER_DAY);
    expect(await stored(address)).toEqual([MAX_VISITS_PER_DAY]);
  });

  it("leaves a repeated visit out of the count and opens the cap again the next UTC day", async () => {
    await setDay(0);
    const { address, cookie } = await signedInPlayer(t);
    for (let i = 0; i < MAX_VISITS_PER_DAY - 1; i++)
      expect((await factSheet(cookie, seeds[i]!)).json().counted).toBe(true);
    // The same fact sheet again is no new visit and takes no place under the cap.
    expect((await factSheet(cookie, seeds[0]!)).json().counted).toBe(false);
    expect((await factSheet(cookie, seeds[MAX_VISITS_PER_DAY - 1]!)).json().counted).toBe(true);
    expect((await factSheet(cookie, seeds[MAX_VISITS_PER_DAY]!)).json().counted).toBe(false);
    await setDay(1);
    expect((await factSheet(cookie, seeds[MAX_VISITS_PER_DAY]!)).json().counted).toBe(true);
    expect(await stored(address)).toEqual([MAX_VISITS_PER_DAY, 1]);
    await setDay(0);
  });
});
