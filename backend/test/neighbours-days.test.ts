import { HELPS_GIVEN_PER_DAY, MS_PER_DAY, seasonOf, TEAM_GOAL_PER_MEMBER, utcDay } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

/** The next Wednesday 10:00 UTC at least a day ahead (the test clock only runs ahead), and whole days after it. */
const DAY_ZERO = (() => {
  const day = new Date(Date.now() + MS_PER_DAY);
  day.setUTCDate(day.getUTCDate() + ((3 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(10, 0, 0, 0);
  return day.getTime() < Date.now() + MS_PER_DAY ? day.getTime() + 7 * MS_PER_DAY : day.getTime();
})();
const gameTime = (days: number) => new Date(DAY_ZERO + days * MS_PER_DAY);

describe.each(testBackends)("neighbours over UTC days and weeks on $name (test clock)", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { GAME_TEST_CLOCK: "true" } });
  });
  afterAll(() => t.close());

  const setDay = async (days: number) => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/test/game-clock",
      payload: { offsetMs: gameTime(days).getTime() - Date.now() },
    });
    expect(reply.statusCode).toBe(204);
  };
  const call = (method: "GET" | "PUT" | "POST", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const verified = async () => {
    const player = await signedInPlayer(t);
    const validUntil = Math.floor(gameTime(30).getTime() / 1000);
    await t.app.db.execute(sql`insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
      values (${player.address}, 1, ${validUntil}, false, 0, 1)`);
    return player;
  };

  it("opens the helps again on the next UTC day, and never on a day gone by (the one game clock moves helps too)", async () => {
    const helper = await verified();
    const owners = await Promise.all([0, 1, 2, 3].map(() => verified()));
    const slugs: string[] = [];
    for (const owner of owners)
      slugs.push(
        (await call("PUT", "/api/game/garden/visibility", owner.cookie, { public: true })).json().slug,
      );
    const help = (slug: string) => call("POST", `/api/gardens/${slug}/help`, helper.cookie);

    await setDay(0);
    for (const slug of slugs.slice(0, HELPS_GIVEN_PER_DAY)) expect((await help(slug)).statusCode).toBe(200);
    expect((await help(slugs[3]!)).json().error.code).toBe("HELP_LIMIT_REACHED");

    await setDay(1);
    const again = await help(slugs[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json().helpsLeft).toBe(HELPS_GIVEN_PER_DAY - 1);
    expect((await call("GET", `/api/gardens/${slugs[0]}`, helper.cookie)).json().help.blocker).toBe(
      "helped-today",
    );

    // A clock set back to a day gone by opens nothing.
    await setDay(0);
    expect((await help(slugs[3]!)).json().error.code).toBe("HELP_LIMIT_REACHED");
    await setDay(1);
  });

  it("records last week's goal when a member looks this week, with a ribbon for each member, once", async () => {
    await setDay(0);
    const [a, b] = [await signedInPlayer(t), await signedInPlayer(t)];
    const team = (
      await call("POST", "/api/teams", a.cookie, { name: `Week ${a.address.slice(2, 8)}` })
    ).json().team;
    await call("POST", "/api/teams/join", b.cookie, { code: team.inviteCode });
    // Both joined two weeks before the game's day zero.
    await t.app.db.execute(sql`update team_members set joined_at = ${gameTime(-14).toISOString()}::timestamptz
      where address in (${a.address}, ${b.address})`);
    const lastWeek = seasonOf(gameTime(-7));
    const lastMonday = utcDay(lastWeek.startsAt);
    for (let i = 0; i < 2 * TEAM_GOAL_PER_MEMBER; i++)
      await t.app.db.execute(sql`insert into waterings (address, token_id, day, xp_gained)
        values (${a.address}, ${800_000 + i}, ${lastMonday + (i % 7)}, 5)`);

    const mine = async (cookie: string) => (await call("GET", "/api/teams/mine", cookie)).json();
    const seen = await mine(b.cookie);
    expect(seen.ribbons).toEqual([{ week: lastWeek.id, reward: "neighbourhood-ribbon" }]);
    expect(seen.team.event).toMatchObject({ week: seasonOf(gameTime(0)).id, points: 0, reached: false });
    expect((await mine(a.cookie)).ribbons).toEqual(seen.ribbons);
    expect((await mine(b.cookie)).ribbons).toEqual(seen.ribbons);
  });

  it("reaches this week's goal from waterings and helps given, and keeps the ribbon after leaving", async () => {
    await setDay(0);
    const founder = await signedInPlayer(t);
    await call("POST", "/api/teams", founder.cookie, { name: `Goal ${founder.address.slice(2, 8)}` });
    const today = utcDay(gameTime(0));
    const mine = async () => (await call("GET", "/api/teams/mine", founder.cookie)).json();
    expect((await mine()).team.event).toMatchObject({
      goal: TEAM_GOAL_PER_MEMBER,
      points: 0,
      reached: false,
    });
    for (let i = 0; i < TEAM_GOAL_PER_MEMBER - 1; i++)
      await t.app.db.execute(sql`insert into waterings (address, token_id, day, xp_gained)
        values (${founder.address}, ${900_000 + i}, ${today}, 5)`);
    expect((await mine()).team.event).toMatchObject({ points: TEAM_GOAL_PER_MEMBER - 1, reached: false });
    expect((await mine()).ribbons).toEqual([]);
    await t.app.db.execute(sql`insert into garden_helps (helper, owner, day, helper_xp, owner_xp)
      values (${founder.address}, '0xsomeone', ${today}, 5, 5)`);
    const reached = await mine();
    expect(reached.team.event).toMatchObject({ points: TEAM_GOAL_PER_MEMBER, reached: true });
    expect(reached.ribbons).toEqual([{ week: seasonOf(gameTime(0)).id, reward: "neighbourhood-ribbon" }]);
    // Kept after leaving, never twice.
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/teams/mine", headers: { cookie: founder.cookie } }))
        .statusCode,
    ).toBe(204);
    expect((await mine()).ribbons).toEqual(reached.ribbons);
  });
});
