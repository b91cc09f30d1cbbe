import {
  HELPS_GIVEN_PER_DAY,
  HELPS_REWARDED_PER_DAY,
  TEAM_GOAL_PER_MEMBER,
  TEAM_MAX_MEMBERS,
  XP_PER_HELP,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePlayer } from "../src/services/game/players";
import { ensureNeighbour } from "../src/services/neighbours/gardens";
import { runHelpBatch } from "../src/services/neighbours/helps";
import { profileKey } from "../src/services/profile/profile-key";
import { readPlayer, seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { withinOneUtcDay } from "./one-utc-day";

// Helps given, water, waterings and quests are counted per UTC day on the server's clock.
withinOneUtcDay();
describe.each(testBackends)("neighbours on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  const call = (
    method: "GET" | "PUT" | "POST" | "PATCH" | "DELETE",
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const publish = async (cookie: string, isPublic = true) =>
    (await call("PUT", "/api/game/garden/visibility", cookie, { public: isPublic })).json() as {
      public: boolean;
      slug: string | null;
    };
  /** A credential as the indexer writes it; valid for a day unless told otherwise. */
  const credential = async (
    wallet: string,
    over: { frozen?: boolean; validIn?: number; tier?: number } = {},
  ) => {
    const validUntil = Math.floor(Date.now() / 1000) + (over.validIn ?? 86_400);
    await t.app.db.execute(sql`insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
      values (${wallet}, ${over.tier ?? 1}, ${validUntil}, ${over.frozen ?? false}, 0, 1)
      on conflict (wallet) do update set tier = excluded.tier, valid_until = excluded.valid_until,
        frozen = excluded.frozen`);
  };
  const verifiedPlayer = async () => {
    const player = await signedInPlayer(t);
    await credential(player.address);
    return player;
  };

  describe("public gardens", () => {
    it("are private by default, public by an unguessable link, and 404 alike when private or unknown", async () => {
      const owner = await signedInPlayer(t);
      expect((await call("GET", "/api/game/garden/visibility", owner.cookie)).json()).toEqual({
        public: false,
        slug: null,
      });
      const shares = 123_456_789_012_345_678_901n;
      await seedCrop(t.app.db, { holder: owner.address, shares, fundedDaysAgo: 5, tenorDays: 30 });
      await seedCrop(t.app.db, { holder: owner.address, status: "repaid", fundedDaysAgo: 31, tenorDays: 30 });
      await call("PATCH", "/api/user/profile", owner.cookie, {
        displayName: `nb${owner.address.slice(2, 10)}`,
      });

      const made = await publish(owner.cookie);
      expect(made.public).toBe(true);
      expect(made.slug).toMatch(/^[a-z2-7]{16}$/);
      expect(made.slug).not.toContain(owner.address.slice(2, 8).toLowerCase());

      const reply = await call("GET", `/api/gardens/${made.slug}`);
      expect(reply.statusCode).toBe(200);
      const garden = reply.json();
      expect(garden).toMatchObject({
        slug: made.slug,
        name: `nb${owner.address.slice(2, 10)}`,
        level: 1,
        decorations: [],
        helpsToday: 0,
        help: { blocker: "signed-out", helpsLeft: 0 },
      });
      expect(garden.plants).toEqual([
        { commodity: "generic", stage: "sprout" },
        { commodity: "generic", stage: "ripe" },
      ]);
      // Privacy: no wallet address, no amount, no date anywhere in the answer.
      const text = reply.body;
      expect(text).not.toMatch(/0x[0-9a-fA-F]{6,}/);
      expect(text.toLowerCase()).not.toContain(owner.address.slice(2).toLowerCase());
      expect(text).not.toContain(shares.toString());
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(Object.keys(garden).sort()).toEqual(
        ["avatar", "decorations", "help", "helpsToday", "level", "name", "plants", "slug"].sort(),
      );

      const unknown = await call("GET", "/api/gardens/abcdefghijklmnop");
      expect(unknown.statusCode).toBe(404);
      expect((await publish(owner.cookie, false)).public).toBe(false);
      const hidden = await call("GET", `/api/gardens/${made.slug}`);
      expect(hidden.statusCode).toBe(404);
      const { requestId: _a, ...hiddenError } = hidden.json().error;
      const { requestId: _b, ...unknownError } = unknown.json().error;
      expect(hiddenError).toEqual(unknownError);
      // Public again: the same link works again, with the decorations the owner placed.
      expect((await publish(owner.cookie)).slug).toBe(made.slug);
      const items = [
        { id: "flower-bed", x: 1, y: 2 },
        { id: "path-dirt", x: 0, y: 0 },
      ];
      expect((await call("PUT", "/api/game/garden/layout", owner.cookie, { items })).statusCode).toBe(200);
      const decorated = await call("GET", `/api/gardens/${made.slug}`);
      expect(decorated.statusCode).toBe(200);
      expect(decorated.json().decorations).toEqual(items);
    });

    it("refuses bad input with a 4xx: a slug that is no slug, a body that is no visibility", async () => {
      const owner = await signedInPlayer(t);
      expect((await call("GET", "/api/gardens/0xABC")).statusCode).toBe(400);
      expect(
        (await call("PUT", "/api/game/garden/visibility", owner.cookie, { public: "yes" })).statusCode,
      ).toBe(400);
      expect(
        (await call("PUT", "/api/game/garden/visibility", owner.cookie, { public: true, x: 1 })).statusCode,
      ).toBe(400);
      expect((await call("PUT", "/api/game/garden/visibility", undefined, { public: true })).statusCode).toBe(
        401,
      );
    });

    it("puts the slug on the leaderboard only while the garden is public", async () => {
      const owner = await signedInPlayer(t);
      await t.app.db.execute(sql`insert into players (address, xp, level, water, water_day)
        values (${owner.address}, 9000000, 400, 100, 0)`);
      // Each read its own page size: a page is cached for up to 30 s.
      const top = async (limit: number) =>
        (await call("GET", `/api/leaderboard?by=xp&limit=${limit}`)).json().entries[0] as Record<
          string,
          unknown
        >;
      const before = await top(97);
      expect(before.address).toBe(owner.address);
      expect(Object.keys(before)).not.toContain("garden");
      const { slug } = await publish(owner.cookie);
      expect(await top(98)).toMatchObject({ address: owner.address, garden: slug });
      await publish(owner.cookie, false);
      expect(Object.keys(await top(99))).not.toContain("garden");
      await t.app.db.execute(sql`update players set xp = 0 where address = ${owner.address}`);
    });
  });

  describe("helping a neighbour", () => {
    const help = (cookie: string, slug: string) => call("POST", `/api/gardens/${slug}/help`, cookie);

    it("gives both verified players XP once a day, and refuses oneself and the unverified", async () => {
      const owner = await verifiedPlayer();
      const helper = await verifiedPlayer();
      const { slug } = await publish(owner.cookie);
      const before = await call("GET", `/api/gardens/${slug}`, helper.cookie);
      expect(before.json().help).toEqual({ blocker: null, helpsLeft: HELPS_GIVEN_PER_DAY });

      const first = await help(helper.cookie, slug!);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        xpGained: XP_PER_HELP,
        neighbourRewarded: true,
        helpsLeft: HELPS_GIVEN_PER_DAY - 1,
      });
      expect((await readPlayer(t.app.db, helper.address))?.xp).toBe(XP_PER_HELP);
      expect((await readPlayer(t.app.db, owner.address))?.xp).toBe(XP_PER_HELP);
      const again = await help(helper.cookie, slug!);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe("ALREADY_HELPED_TODAY");
      expect((await call("GET", `/api/gardens/${slug}`, helper.cookie)).json()).toMatchObject({
        helpsToday: 1,
        help: { blocker: "helped-today", helpsLeft: HELPS_GIVEN_PER_DAY - 1 },
      });

      const self = await help(owner.cookie, slug!);
      expect([self.statusCode, self.json().error.code]).toEqual([422, "HELP_OWN_GARDEN"]);
      const stranger = await signedInPlayer(t);
      const unverified = await help(stranger.cookie, slug!);
      expect([unverified.statusCode, unverified.json().error.code]).toEqual([403, "HELPER_NOT_VERIFIED"]);
      const frozen = await signedInPlayer(t);
      await credential(frozen.address, { frozen: true });
      expect((await help(frozen.cookie, slug!)).json().error.code).toBe("HELPER_NOT_VERIFIED");
      const expired = await signedInPlayer(t);
      await credential(expired.address, { validIn: -60 });
      expect((await help(expired.cookie, slug!)).json().error.code).toBe("HELPER_NOT_VERIFIED");
      expect((await readPlayer(t.app.db, stranger.address))?.xp ?? 0).toBe(0);

      const unverifiedOwner = await signedInPlayer(t);
      const theirs = await publish(unverifiedOwner.cookie);
      const refused = await help(helper.cookie, theirs.slug!);
      expect([refused.statusCode, refused.json().error.code]).toEqual([422, "NEIGHBOUR_NOT_VERIFIED"]);
      expect((await help(helper.cookie, "abcdefghijklmnop")).statusCode).toBe(404);
      await publish(owner.cookie, false);
      expect((await help(stranger.cookie, slug!)).statusCode).toBe(404);
    });

    it("drops the helper's and the owner's cached profiles before answering, so both show the new XP at once", async () => {
      const owner = await verifiedPlayer();
      const helper = await verifiedPlayer();
      const { slug } = await publish(owner.cookie);
      const xpOf = async (cookie: string) => (await call("GET", "/api/user/profile", cookie)).json().xp;
      // Both profiles cached (two seconds) before the help.
      const [ownerXp, helperXp] = [await xpOf(owner.cookie), await xpOf(helper.cookie)];
      expect(await t.cache.get(profileKey(owner.address))).not.toBeNull();
      expect((await help(helper.cookie, slug!)).statusCode).toBe(200);
      expect(await xpOf(helper.cookie)).toBe(helperXp + XP_PER_HELP);
      expect(await xpOf(owner.cookie)).toBe(ownerXp + XP_PER_HELP);
    });

    it("caps the helps a helper gives and the rewarded helps an owner receives each day", async () => {
      const helper = await verifiedPlayer();
      const owners = await Promise.all([0, 1, 2, 3].map(() => verifiedPlayer()));
      const slugs = await Promise.all(owners.map(async (owner) => (await publish(owner.cookie)).slug!));
      for (const slug of slugs.slice(0, 3)) expect((await help(helper.cookie, slug)).statusCode).toBe(200);
      const fourth = await help(helper.cookie, slugs[3]!);
      expect([fourth.statusCode, fourth.json().error.code]).toEqual([422, "HELP_LIMIT_REACHED"]);
      expect((await readPlayer(t.app.db, helper.address))?.xp).toBe(3 * XP_PER_HELP);

      const popular = owners[3]!;
      const helpers = await Promise.all([0, 1, 2, 3].map(() => verifiedPlayer()));
      const answers = [];
      for (const h of helpers) answers.push((await help(h.cookie, slugs[3]!)).json());
      expect(answers.map((answer) => answer.neighbourRewarded)).toEqual([true, true, true, false]);
      expect(answers.every((answer) => answer.xpGained === XP_PER_HELP)).toBe(true);
      expect((await readPlayer(t.app.db, popular.address))?.xp).toBe(3 * XP_PER_HELP);
    });

    it("holds the caps when one helper's helps arrive at once", async () => {
      const helper = await verifiedPlayer();
      const owners = await Promise.all([0, 1, 2, 3, 4, 5].map(() => verifiedPlayer()));
      const slugs = await Promise.all(owners.map(async (owner) => (await publish(owner.cookie)).slug!));
      const replies = await Promise.all([...slugs, ...slugs].map((slug) => help(helper.cookie, slug)));
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(HELPS_GIVEN_PER_DAY);
      expect((await readPlayer(t.app.db, helper.address))?.xp).toBe(HELPS_GIVEN_PER_DAY * XP_PER_HELP);
      const rows = await t.app.db.execute(
        sql`select count(*)::int as n from garden_helps where helper = ${helper.address}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(HELPS_GIVEN_PER_DAY);
    });

    it("holds an owner's rewarded cap and credits a ring once each when their helps arrive at once", async () => {
      const owner = await verifiedPlayer();
      const slug = (await publish(owner.cookie)).slug!;
      const helpers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => verifiedPlayer()));
      const replies = await Promise.all(helpers.map((helper) => help(helper.cookie, slug)));
      expect(replies.map((reply) => reply.statusCode)).toEqual(helpers.map(() => 200));
      expect(replies.filter((reply) => reply.json().neighbourRewarded)).toHaveLength(HELPS_REWARDED_PER_DAY);
      expect((await readPlayer(t.app.db, owner.address))?.xp).toBe(HELPS_REWARDED_PER_DAY * XP_PER_HELP);

      // A ring: each helps the next, all at once; each gives one help and is rewarded for one.
      const ring = await Promise.all([0, 1, 2].map(() => verifiedPlayer()));
      const ringSlugs = await Promise.all(ring.map(async (player) => (await publish(player.cookie)).slug!));
      const ringReplies = await Promise.all(
        ring.map((player, i) => help(player.cookie, ringSlugs[(i + 1) % ring.length]!)),
      );
      expect(ringReplies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
      for (const player of ring)
        expect((await readPlayer(t.app.db, player.address))?.xp).toBe(2 * XP_PER_HELP);
    });

    it("defers a help whose helper or owner an earlier help of its batch holds, and applies the rest", async () => {
      const [a, b, c, d, e, f] = await Promise.all([0, 1, 2, 3, 4, 5].map(() => verifiedPlayer()));
      const slugOf = async (player: { cookie: string }) => (await publish(player.cookie)).slug!;
      const [slugB, slugD, slugF] = await Promise.all([slugOf(b!), slugOf(d!), slugOf(f!)]);
      const now = new Date();
      const batch = [
        { helper: a!.address, slug: slugB },
        { helper: c!.address, slug: slugB },
        { helper: b!.address, slug: slugD },
        { helper: e!.address, slug: slugF },
        { helper: e!.address.replace(/.$/, "0"), slug: "nosuchgarden2345" },
      ];
      // The rows a first help locks (made by the batcher's prepare step otherwise).
      for (const player of [a, b, c, d, e, f]) {
        await ensurePlayer(t.app.db, player!.address, now);
        await ensureNeighbour(t.app.db, player!.address);
      }
      const rows = await runHelpBatch(t.app.db, batch, { chainNow: now, wallNow: now });
      expect(rows.map((row) => [row.deferred, row.refusal])).toEqual([
        [false, null],
        [true, null],
        [true, null],
        [false, null],
        [false, null],
      ]);
      expect(rows[4]?.owner).toBeNull();
      expect((await readPlayer(t.app.db, a!.address))?.xp).toBe(XP_PER_HELP);
      expect((await readPlayer(t.app.db, c!.address))?.xp).toBe(0);
      expect((await readPlayer(t.app.db, e!.address))?.xp).toBe(XP_PER_HELP);
    });
  });

  describe("neighbourhoods", () => {
    const mine = async (cookie: string) => (await call("GET", "/api/teams/mine", cookie)).json();

    it("creates, joins by code, refuses a second team, a taken name and bad input, and leaves", async () => {
      const founder = await signedInPlayer(t);
      const name = `Tani ${founder.address.slice(2, 8)}`;
      const created = await call("POST", "/api/teams", founder.cookie, { name });
      expect(created.statusCode).toBe(201);
      const team = created.json().team;
      expect(team).toMatchObject({
        name,
        maxMembers: TEAM_MAX_MEMBERS,
        members: [{ isMe: true, garden: null }],
      });
      expect(created.body).not.toMatch(/0x[0-9a-fA-F]{6,}/);
      expect((await call("POST", "/api/teams", founder.cookie, { name: `${name}x` })).json().error.code).toBe(
        "ALREADY_IN_TEAM",
      );
      const other = await signedInPlayer(t);
      const taken = await call("POST", "/api/teams", other.cookie, { name: name.toUpperCase() });
      expect([taken.statusCode, taken.json().error.code]).toEqual([409, "TEAM_NAME_TAKEN"]);
      for (const bad of [
        { name: "ab" },
        { name: "a".repeat(31) },
        { name: "x\u202Ey z" },
        { name: "a  b" },
        {},
      ])
        expect((await call("POST", "/api/teams", other.cookie, bad)).statusCode).toBe(400);
      expect((await call("POST", "/api/teams/join", other.cookie, { code: "nope" })).statusCode).toBe(400);
      expect((await call("POST", "/api/teams/join", other.cookie, { code: "aaaaaaaa" })).statusCode).toBe(
        404,
      );

      const joined = await call("POST", "/api/teams/join", other.cookie, {
        code: team.inviteCode.toUpperCase(),
      });
      expect(joined.statusCode).toBe(200);
      expect(joined.json().team.members).toHaveLength(2);
      expect(joined.json().team.event.goal).toBe(2 * TEAM_GOAL_PER_MEMBER);
      expect(
        (await call("POST", "/api/teams/join", other.cookie, { code: team.inviteCode })).statusCode,
      ).toBe(409);

      expect((await call("DELETE", "/api/teams/mine", other.cookie)).statusCode).toBe(204);
      expect((await call("DELETE", "/api/teams/mine", other.cookie)).statusCode).toBe(404);
      expect((await mine(other.cookie)).team).toBeNull();
      expect((await mine(founder.cookie)).team.members).toHaveLength(1);
    });

    it("refuses the member after a full team with 409, even when they arrive at once", async () => {
      const founder = await signedInPlayer(t);
      const team = (
        await call("POST", "/api/teams", founder.cookie, { name: `Full ${founder.address.slice(2, 8)}` })
      ).json().team;
      const joiners = await Promise.all(
        Array.from({ length: TEAM_MAX_MEMBERS + 2 }, () => signedInPlayer(t)),
      );
      const replies = await Promise.all(
        joiners.map((joiner) => call("POST", "/api/teams/join", joiner.cookie, { code: team.inviteCode })),
      );
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(TEAM_MAX_MEMBERS - 1);
      const full = replies.filter((reply) => reply.statusCode === 409);
      expect(full).toHaveLength(3);
      expect(full.every((reply) => reply.json().error.code === "TEAM_FULL")).toBe(true);
      expect((await mine(founder.cookie)).team.members).toHaveLength(TEAM_MAX_MEMBERS);
    });
  });
});
