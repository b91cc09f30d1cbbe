import {
  type CredentialFacts,
  HELP_REFUSALS,
  isVerifiedInvestor,
  levelForXp,
  MS_PER_DAY,
  runHelps,
  seasonOf,
  teamGoal,
  teamGoalSql,
  utcDay,
} from "@farm/core";
import { testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { AppError } from "../src/errors";
import { setVisibility } from "../src/services/neighbours/gardens";
import { helpNeighbour } from "../src/services/neighbours/helps";
import { diffParameters } from "./game-rules-state";
import { createTestDatabase } from "./helpers";
import { pgliteTemplate } from "./pglite-template";

// Helping a neighbour as the help statement decides it against @farm/core's decideHelp (runHelps): random rings of
// wallets with random credentials (none, revoked, frozen, expired by a second, valid to the second), random players
// rows (absent: the first-help path), helps in random order over days that may go back; then the outcomes, XP,
// levels, level-ups, season XP, the help rows and the counters must be the ones core computes. On PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.

const CODES: Record<string, string> = {
  HELP_OWN_GARDEN: "self",
  HELPER_NOT_VERIFIED: "helper-unverified",
  NEIGHBOUR_NOT_VERIFIED: "owner-unverified",
  ALREADY_HELPED_TODAY: "already-helped",
  HELP_LIMIT_REACHED: "helper-limit",
};

/** Mostly valid credentials, so rings reach the caps; else revoked, frozen, expired by a second, or none at all. */
const credential = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      tier: fc.constantFrom(1, 2),
      frozen: fc.constant(false),
      /** Seconds after the chain's time it stays valid: 0 is its last valid second. */
      validIn: fc.constantFrom(0, 1, 86_400),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      tier: fc.constantFrom(0, 1, 2),
      frozen: fc.boolean(),
      validIn: fc.constantFrom(-1, 0, 86_400),
    }),
  },
  { weight: 1, arbitrary: fc.constant(null) },
);

const scenario = fc.integer({ min: 2, max: 6 }).chain((k) =>
  fc.record({
    wallets: fc.array(
      fc.record({ credential, xp: fc.option(fc.integer({ min: 0, max: 500 }), { freq: 3 }) }),
      { minLength: k, maxLength: k },
    ),
    actions: fc.array(
      fc.record({
        helper: fc.integer({ min: 0, max: k - 1 }),
        owner: fc.integer({ min: 0, max: k - 1 }),
        day: fc.constantFrom(0, 0, 0, 1, 1, 2),
      }),
      { minLength: 1, maxLength: 40 },
    ),
    wallMs: fc.integer({ min: Date.UTC(2026, 0, 5), max: Date.UTC(2026, 11, 20) }),
  }),
);

const backends = [
  { name: "PGlite", url: undefined as string | undefined },
  ...(testDatabaseUrl ? [{ name: "PostgreSQL", url: "postgres" }] : []),
];

describe.each(backends)("helping a neighbour in SQL against @farm/core ($name)", ({ url }) => {
  let connection: DatabaseConnection;
  let drop = async () => {};
  let nextWallet = 1;
  beforeAll(async () => {
    if (url) {
      const database = await createTestDatabase();
      drop = database.drop;
      connection = await connectDatabase({ databaseUrl: database.url, dataDir: "", poolSize: 2 });
    } else
      connection = await connectDatabase({
        databaseUrl: undefined,
        dataDir: "memory://",
        pgliteTemplate: await pgliteTemplate(),
      });
  });
  afterAll(async () => {
    await connection.close();
    await drop();
  });

  it("accepts, refuses, credits and counts helps as decideHelp does", async () => {
    const seen = new Set<string>();
    let ownerCapped = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ wallets, actions, wallMs }) => {
        const db = connection.db;
        // The week's first days, so every help of the case counts in one season.
        const monday = seasonOf(new Date(wallMs)).startsAt.getTime();
        const chainNow = new Date(monday + 12 * 3_600_000 + 123_000);
        const seconds = Math.floor(chainNow.getTime() / 1000);
        const ring = wallets.map((wallet) => ({
          ...wallet,
          address: `0x${(nextWallet++).toString(16).padStart(40, "0")}`,
          facts:
            wallet.credential === null
              ? null
              : ({
                  tier: wallet.credential.tier,
                  frozen: wallet.credential.frozen,
                  validUntil: seconds + wallet.credential.validIn,
                } satisfies CredentialFacts),
        }));
        const slugs: string[] = [];
        for (const wallet of ring) {
          if (wallet.facts)
            await db.execute(sql`insert into chain_credentials (wallet, tier, valid_until, frozen, "limit", updated_block)
              values (${wallet.address}, ${wallet.facts.tier}, ${wallet.facts.validUntil}, ${wallet.facts.frozen}, 0, 1)`);
          if (wallet.xp !== null)
            await db.execute(sql`insert into players (address, xp, level, water, water_day)
              values (${wallet.address}, ${wallet.xp}, ${levelForXp(wallet.xp)}, 100, 0)`);
          slugs.push((await setVisibility(db, wallet.address, true)).slug!);
        }
        const model = ring.map((wallet) => ({
          address: wallet.address,
          verified: isVerifiedInvestor(wallet.facts, chainNow),
        }));
        const firstDay = utcDay(new Date(monday));
        const steps = actions.map((action) => ({ ...action, day: firstDay + action.day }));
        const expected = runHelps(model, steps);

        for (const [i, step] of steps.entries()) {
          const wallNow = new Date(step.day * MS_PER_DAY + 3_600_000);
          let got: string;
          try {
            const answer = await helpNeighbour(db, ring[step.helper]!.address, slugs[step.owner]!, {
              chainNow,
              wallNow,
            });
            got = "ok";
            const outcome = expected.outcomes[i]!;
            expect(outcome.ok).toBe(true);
            if (outcome.ok) {
              expect(answer.xpGained).toBe(outcome.helperXp);
              expect(answer.neighbourRewarded).toBe(outcome.ownerXp > 0);
              if (outcome.ownerXp === 0) ownerCapped++;
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            got = CODES[error.code] ?? error.code;
          }
          const outcome = expected.outcomes[i]!;
          expect(got, `step ${i}`).toBe(outcome.ok ? "ok" : outcome.refusal);
          seen.add(got);
        }

        const addresses = ring.map((wallet) => wallet.address);
        const rows = await queryRows<{
          address: string;
          xp: number;
          level: number;
          season_xp: number;
          ups: number;
        }>(
          db,
          sql`select p.address, p.xp, p.level, p.season_xp,
              (select count(*)::int from level_ups u where u.address = p.address) as ups
            from players p where p.address = any (${`{${addresses.join(",")}}`}::text[])`,
        );
        for (const wallet of ring) {
          const gained = expected.xp.get(wallet.address) ?? 0;
          const row = rows.find((r) => r.address === wallet.address);
          const start = wallet.xp ?? 0;
          if (row === undefined) {
            expect(gained).toBe(0);
            continue;
          }
          expect(row.xp).toBe(start + gained);
          expect(row.level).toBe(levelForXp(start + gained));
          expect(row.season_xp).toBe(gained);
          expect(row.ups).toBe(levelForXp(start + gained) - levelForXp(start));
        }
        const helps = await queryRows<{ key: string }>(
          db,
          sql`select helper || '>' || owner || '@' || day as key from garden_helps
            where helper = any (${`{${addresses.join(",")}}`}::text[]) order by 1`,
        );
        expect(helps.map((row) => row.key)).toEqual([...expected.helps].sort());
        const counters = await queryRows<{
          address: string;
          help_day: number;
          helps_given: number;
          helps_rewarded: number;
        }>(
          db,
          sql`select address, help_day, helps_given, helps_rewarded from neighbours
            where address = any (${`{${addresses.join(",")}}`}::text[]) and help_day >= 0`,
        );
        const stored = Object.fromEntries(
          counters.map((row) => [
            row.address,
            { day: row.help_day, given: row.helps_given, rewarded: row.helps_rewarded },
          ]),
        );
        expect(stored).toEqual(Object.fromEntries(expected.counters));
      }),
      diffParameters(Number(process.env.FARM_GAME_DIFF_RUNS ?? 200) / (url ? 4 : 2)),
    );
    // Every outcome came up, and an owner past its cap was thanked without XP: the comparison covered them all.
    for (const outcome of ["ok", ...HELP_REFUSALS]) expect([...seen], outcome).toContain(outcome);
    expect(ownerCapped).toBeGreaterThan(0);
  }, 240_000);

  it("scales the team goal with the members as teamGoal does", async () => {
    const counts = [-1, 0, 1, 2, 5, 9, 10, 11, 50];
    const rows = await queryRows<{ goal: number }>(
      connection.db,
      sql`select ${teamGoalSql(sql, sql`t.n`)} as goal
        from unnest(${`{${counts.join(",")}}`}::int[]) with ordinality as t(n, i) order by t.i`,
    );
    expect(rows.map((row) => row.goal)).toEqual(counts.map(teamGoal));
  });
});
