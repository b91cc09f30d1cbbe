import { type SqlTag, sqlConstant } from "../sql-tag";

// Helping a neighbour and the neighbourhoods' weekly event (issue 32, decision 0063). A help is a gesture between two
// verified investors: a little XP for both, never money. Verified means one person per NIK (a valid, unfrozen,
// unexpired credential on chain), so a ring of wallets is a ring of real people and the daily caps bound what it earns.

/** XP the helper gets for a help, and the owner for a help received (while under the owner's daily cap). */
export const XP_PER_HELP = 5;
/** Helps a player may give in one UTC day. */
export const HELPS_GIVEN_PER_DAY = 3;
/** Helps received in one UTC day that earn the owner XP; more are still thanked, without XP. */
export const HELPS_REWARDED_PER_DAY = 3;
/** The most XP helps can earn one player in one UTC day: giving and receiving at their caps. */
export const HELP_XP_DAILY_CAP = XP_PER_HELP * (HELPS_GIVEN_PER_DAY + HELPS_REWARDED_PER_DAY);

/** A player's help counters of one UTC day, as its `neighbours` row stores them (day -1 before any help). */
export interface HelpCounters {
  day: number;
  /** Helps given on `day`. */
  given: number;
  /** Helps received on `day` that earned XP. */
  rewarded: number;
}

export const NO_HELPS: HelpCounters = { day: -1, given: 0, rewarded: 0 };

/** Why a help is refused, in the order the rule checks. */
export const HELP_REFUSALS = [
  "self",
  "helper-unverified",
  "owner-unverified",
  "already-helped",
  "helper-limit",
] as const;
export type HelpRefusal = (typeof HELP_REFUSALS)[number];

/** What the rule needs to decide one help. */
export interface HelpFacts {
  helper: string;
  owner: string;
  helperVerified: boolean;
  ownerVerified: boolean;
  /** The helper already helped this owner on the day. */
  alreadyHelped: boolean;
  helperCounters: HelpCounters;
  ownerCounters: HelpCounters;
}

export type HelpOutcome =
  | { ok: false; refusal: HelpRefusal }
  | {
      ok: true;
      helperXp: number;
      ownerXp: number;
      helperCounters: HelpCounters;
      ownerCounters: HelpCounters;
    };

/**
 * The counters as they stand on `day`: another day's are zero (they never carry over), and a day before the stored
 * one (a clock that went back) is closed, at both caps, so a clock moving back and forth cannot open new helps.
 */
export function countersOn(counters: HelpCounters, day: number): HelpCounters {
  if (counters.day === day) return counters;
  if (counters.day > day) return { day, given: HELPS_GIVEN_PER_DAY, rewarded: HELPS_REWARDED_PER_DAY };
  return { day, given: 0, rewarded: 0 };
}

/**
 * One help on UTC day `day`: refused for oneself, when either side is not a verified investor, a second time to the
 * same owner the same day, or past the helper's daily limit. Otherwise the helper earns XP_PER_HELP and the owner too
 * while it has received fewer than HELPS_REWARDED_PER_DAY rewarded helps that day; an owner earning nothing keeps its
 * counters. Addresses compare in any case.
 */
export function decideHelp(facts: HelpFacts, day: number): HelpOutcome {
  if (facts.helper.toLowerCase() === facts.owner.toLowerCase()) return { ok: false, refusal: "self" };
  if (!facts.helperVerified) return { ok: false, refusal: "helper-unverified" };
  if (!facts.ownerVerified) return { ok: false, refusal: "owner-unverified" };
  if (facts.alreadyHelped) return { ok: false, refusal: "already-helped" };
  const helper = countersOn(facts.helperCounters, day);
  if (helper.given >= HELPS_GIVEN_PER_DAY) return { ok: false, refusal: "helper-limit" };
  const owner = countersOn(facts.ownerCounters, day);
  const ownerXp = owner.rewarded < HELPS_REWARDED_PER_DAY ? XP_PER_HELP : 0;
  return {
    ok: true,
    helperXp: XP_PER_HELP,
    ownerXp,
    helperCounters: { ...helper, given: helper.given + 1 },
    ownerCounters: ownerXp > 0 ? { ...owner, rewarded: owner.rewarded + 1 } : facts.ownerCounters,
  };
}

/** A wallet of runHelps. */
export interface HelpWallet {
  address: string;
  verified: boolean;
}

/**
 * Helps one after another through decideHelp, as the server keeps them: each wallet's counters, the helps given
 * ("helper>owner@day"), XP per wallet and per wallet and day, and each help's outcome. The property and differential
 * tests' model.
 */
export function runHelps(
  wallets: readonly HelpWallet[],
  actions: readonly { helper: number; owner: number; day: number }[],
) {
  const counters = new Map<string, HelpCounters>();
  const xp = new Map<string, number>(wallets.map((wallet) => [wallet.address, 0]));
  const xpByDay = new Map<string, number>();
  const helps = new Set<string>();
  const outcomes = actions.map(({ helper: h, owner: o, day }) => {
    const helper = wallets[h] as HelpWallet;
    const owner = wallets[o] as HelpWallet;
    const key = `${helper.address}>${owner.address}@${day}`;
    const outcome = decideHelp(
      {
        helper: helper.address,
        owner: owner.address,
        helperVerified: helper.verified,
        ownerVerified: owner.verified,
        alreadyHelped: helps.has(key),
        helperCounters: counters.get(helper.address) ?? NO_HELPS,
        ownerCounters: counters.get(owner.address) ?? NO_HELPS,
      },
      day,
    );
    if (outcome.ok) {
      helps.add(key);
      counters.set(helper.address, outcome.helperCounters);
      counters.set(owner.address, outcome.ownerCounters);
      for (const [address, gained] of [
        [helper.address, outcome.helperXp],
        [owner.address, outcome.ownerXp],
      ] as const) {
        xp.set(address, (xp.get(address) ?? 0) + gained);
        xpByDay.set(`${address}@${day}`, (xpByDay.get(`${address}@${day}`) ?? 0) + gained);
      }
    }
    return outcome;
  });
  return { outcomes, xp, xpByDay, helps, counters };
}

/** Helps the player may still give on `day`. */
export const helpsLeft = (counters: HelpCounters, day: number): number =>
  Math.max(0, HELPS_GIVEN_PER_DAY - countersOn(counters, day).given);

// The SQL form, over a `neighbours` row `r` (help_day, helps_given, helps_rewarded) locked by the help statement.

/** countersOn's `given` and `rewarded` in SQL for the row alias `r` on `day` (an earlier day is closed). */
export function helpCountersSql<S>(q: SqlTag<S>, r: string, day: unknown): { given: S; rewarded: S } {
  const row = q.raw(r);
  const on = (column: string, cap: number) =>
    q`(case when ${row}.help_day = ${day}::int then ${row}.${q.raw(column)}
      when ${row}.help_day > ${day}::int then ${sqlConstant(q, cap)} else 0 end)`;
  return {
    given: on("helps_given", HELPS_GIVEN_PER_DAY),
    rewarded: on("helps_rewarded", HELPS_REWARDED_PER_DAY),
  };
}

/** The helper may still give a help on `day` (decideHelp's limit), for its locked row `r`. */
export function helperUnderLimitSql<S>(q: SqlTag<S>, r: string, day: unknown): S {
  return q`${helpCountersSql(q, r, day).given} < ${sqlConstant(q, HELPS_GIVEN_PER_DAY)}`;
}

/** The owner's XP for a help on `day` (decideHelp's ownerXp), for its locked row `r`. */
export function ownerHelpXpSql<S>(q: SqlTag<S>, r: string, day: unknown): S {
  return q`(case when ${helpCountersSql(q, r, day).rewarded} < ${sqlConstant(q, HELPS_REWARDED_PER_DAY)}
    then ${sqlConstant(q, XP_PER_HELP)} else 0 end)`;
}

/**
 * SET clauses of the UPDATE of `neighbours` moving the counters of an accepted help on `day`: the helper's `given`,
 * and the owner's `rewarded` (the UPDATE touches the owner's row only when it earned XP), each from zero on a new day.
 * `isHelper` is an expression of the UPDATE's FROM. Rows updated are never of a later day (decideHelp).
 */
export function moveHelpCountersSql<S>(q: SqlTag<S>, day: unknown, isHelper: S): S {
  const { given, rewarded } = helpCountersSql(q, "neighbours", day);
  return q`help_day = ${day}::int,
    helps_given = ${given} + (case when ${isHelper} then 1 else 0 end),
    helps_rewarded = ${rewarded} + (case when ${isHelper} then 0 else 1 end)`;
}

// Verified investors: the credential as FarmNFT keeps it, judged at the chain's clock.

/** A wallet's indexed credential, as the rule judges it. */
export interface CredentialFacts {
  /** 0 none (revoked), 1 retail, 2 professional. */
  tier: number;
  frozen: boolean;
  /** Unix seconds; valid while the chain's time is at or before it. */
  validUntil: number;
}

/** A verified investor: a credential of some tier, not frozen, not expired at `chainNow`. No credential: not verified. */
export function isVerifiedInvestor(credential: CredentialFacts | null, chainNow: Date): boolean {
  if (credential === null) return false;
  return (
    credential.tier > 0 &&
    !credential.frozen &&
    Math.floor(chainNow.getTime() / 1000) <= credential.validUntil
  );
}

/**
 * isVerifiedInvestor in SQL as a probe: one row (`hit`) when `wallet` (an expression) has such a row in
 * chain_credentials at `chainNowSeconds`, none otherwise. As a LATERAL subquery its LIMIT keeps it an index probe per
 * row, whatever the planner guesses of how many rows ask (an EXISTS may be planned as a hash of every credential).
 */
export function verifiedCredentialProbeSql<S>(q: SqlTag<S>, wallet: S, chainNowSeconds: unknown): S {
  return q`select true as hit from chain_credentials k where k.wallet = ${wallet} and k.tier > 0 and not k.frozen
    and k.valid_until >= ${chainNowSeconds}::bigint limit 1`;
}

/** isVerifiedInvestor in SQL: `wallet` (an expression) has such a row in chain_credentials at `chainNowSeconds`. */
export function verifiedInvestorSql<S>(q: SqlTag<S>, wallet: S, chainNowSeconds: unknown): S {
  return q`exists (${verifiedCredentialProbeSql(q, wallet, chainNowSeconds)})`;
}

// Neighbourhoods (teams) and their weekly event.

/** Members a neighbourhood holds at most. */
export const TEAM_MAX_MEMBERS = 10;
/** The weekly goal per member: the team's waterings and helps given in the ISO week (UTC). */
export const TEAM_GOAL_PER_MEMBER = 10;
/** The cosmetic a team's members keep for each week the team reached its goal. */
export const TEAM_WEEK_REWARD = "neighbourhood-ribbon";

/** The week's goal of a team of `members` (at least one member's worth). */
export function teamGoal(members: number): number {
  return TEAM_GOAL_PER_MEMBER * Math.max(1, Math.min(members, TEAM_MAX_MEMBERS));
}

/** teamGoal in SQL for a member-count expression. */
export function teamGoalSql<S>(q: SqlTag<S>, members: S): S {
  return q`(${sqlConstant(q, TEAM_GOAL_PER_MEMBER)} * greatest(1, least(${members}, ${sqlConstant(q, TEAM_MAX_MEMBERS)})))`;
}

/** The week's event: points (waterings + helps given) toward the goal; reached once points meet it. */
export function teamEventReached(points: number, members: number): boolean {
  return points >= teamGoal(members);
}
