import {
  addSeasonXpSql,
  archiveSeasonSql,
  type HelpRefusal,
  type HelpResponse,
  helperUnderLimitSql,
  helpsLeft,
  levelSql,
  moveHelpCountersSql,
  ownerHelpXpSql,
  seasonOf,
  utcDay,
  verifiedInvestorSql,
  XP_PER_HELP,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { AppError, conflict, forbidden, notFound, unprocessable } from "../../errors";
import { isDeadlock } from "../../errors/pg";
import { ensurePlayer } from "../game/players";
import { preparedStatement } from "../game/prepared";
import { ensureNeighbour } from "./gardens";

/** The clocks of a help: the chain's judges the credentials, the server's the UTC day, the season and the times. */
export interface HelpClock {
  chainNow: Date;
  wallNow: Date;
}

interface HelpRow {
  owner: string;
  /** decideHelp's refusal, or "missing" when a row to lock does not exist yet; null when the help was claimed. */
  refusal: HelpRefusal | "missing" | null;
  owner_xp: number | null;
  help_day: number | null;
  helps_given: number | null;
  helps_rewarded: number | null;
}

/**
 * One help in ONE statement (decision 0063), @farm/core's decideHelp in SQL: the owner is found by its public garden's
 * slug; the helper's and the owner's `neighbours` rows, then their `players` rows, are locked in address order, so
 * helps by one helper or to one owner queue and each reads the counters the previous one left (the caps hold under
 * concurrency). The help row is claimed with ON CONFLICT DO NOTHING: a concurrent help of the same pair that the
 * statement's snapshot missed makes it "already-helped". Only a claimed help moves the counters and credits XP
 * (level, level-ups, the season's XP) to the helper and, under its daily cap, the owner. No row: no public garden.
 */
const helpStatement = preparedStatement<
  { helper: string; slug: string; day: number; season: string; chainNowSeconds: string; wallNow: string },
  HelpRow
>("farm_neighbours_help_v1", ({ helper, slug, day, season, chainNowSeconds, wallNow }) => {
  const refusal = sql`(case when lower(f.helper) = lower(f.owner) then 'self'
      when not ${verifiedInvestorSql(sql, sql`f.helper`, chainNowSeconds)} then 'helper-unverified'
      when not ${verifiedInvestorSql(sql, sql`f.owner`, chainNowSeconds)} then 'owner-unverified'
      when exists (select 1 from garden_helps h where h.helper = f.helper and h.owner = f.owner and h.day = ${day}::int)
        then 'already-helped'
      when hn.address is null or hp.address is null or op.address is null then 'missing'
      when not (${helperUnderLimitSql(sql, "hn", day)}) then 'helper-limit'
      else null end)`;
  return sql`
    with f as (
      select ${helper}::text as helper, n.address as owner from neighbours n
      where n.garden_slug = ${slug}::text and n.garden_public
    ), lock_n as (
      select n.address, n.help_day, n.helps_given, n.helps_rewarded from neighbours n
      where n.address in (select helper from f union all select owner from f)
      order by n.address
      for update
    ), lock_p as (
      select p.address, p.xp, p.season, p.season_xp, p.season_reached_at from players p
      where p.address = any (array(select address from lock_n))
      order by p.address
      for no key update
    ), decided as (
      select f.helper, f.owner, ${refusal} as refusal, ${ownerHelpXpSql(sql, "onr", day)} as owner_xp
      from f
      left join lock_n hn on hn.address = f.helper
      left join lock_n onr on onr.address = f.owner
      left join lock_p hp on hp.address = f.helper
      left join lock_p op on op.address = f.owner
    ), claimed as (
      insert into garden_helps (helper, owner, day, helper_xp, owner_xp, helped_at)
      select helper, owner, ${day}::int, ${XP_PER_HELP}::int, owner_xp, ${wallNow}::timestamptz
      from decided where refusal is null
      on conflict do nothing
      returning helper, owner, owner_xp
    ), counters as (
      update neighbours set
        ${moveHelpCountersSql(sql, day, sql`neighbours.address = c.helper`)},
        updated_at = ${wallNow}::timestamptz
      from claimed c
      where neighbours.address = c.helper or (neighbours.address = c.owner and c.owner_xp > 0)
    ), credit as (
      select helper as address, ${XP_PER_HELP}::int as xp from claimed
      union all
      select owner, owner_xp from claimed where owner_xp > 0
    ), spend as (
      update players set
        xp = players.xp + credit.xp,
        level = ${levelSql(sql, sql`players.xp + credit.xp`)},
        xp_reached_at = ${wallNow}::timestamptz,
        updated_at = ${wallNow}::timestamptz,
        ${addSeasonXpSql(sql, season, sql`credit.xp`, wallNow)}
      from credit where players.address = credit.address
    ), season_archive as (
      ${archiveSeasonSql(sql, sql`(select l.* from lock_p l join credit c on c.address = l.address)`, season)}
    ), level_up as (
      insert into level_ups (address, level, reached_at)
      select l.address, reached, ${wallNow}::timestamptz
      from lock_p l join credit c on c.address = l.address,
        generate_series(${levelSql(sql, sql`l.xp`)} + 1, ${levelSql(sql, sql`l.xp + c.xp`)}) as reached
    )
    select d.owner,
      coalesce(d.refusal, case when exists (select 1 from claimed) then null else 'already-helped' end) as refusal,
      d.owner_xp, hn.help_day, hn.helps_given, hn.helps_rewarded
    from decided d left join lock_n hn on hn.address = d.helper`;
});

const refusals: Record<HelpRefusal, () => AppError> = {
  self: () => unprocessable("HELP_OWN_GARDEN", "This is your own garden: help a neighbour's"),
  "helper-unverified": () =>
    new AppError(
      403,
      "HELPER_NOT_VERIFIED",
      "Only verified investors help neighbours: verify yourself first (/verify)",
    ),
  "owner-unverified": () =>
    unprocessable(
      "NEIGHBOUR_NOT_VERIFIED",
      "This neighbour is not a verified investor, so it cannot be helped",
    ),
  "already-helped": () =>
    conflict("You already helped this neighbour today; come back tomorrow", "ALREADY_HELPED_TODAY"),
  "helper-limit": () =>
    unprocessable("HELP_LIMIT_REACHED", "You gave all your helps for today; more tomorrow (00:00 UTC)"),
};

/** What one run of the statement decided. */
async function runHelp(
  db: Executor,
  helper: string,
  slug: string,
  clock: HelpClock,
): Promise<HelpRow | null> {
  const values = {
    helper,
    slug,
    day: utcDay(clock.wallNow),
    season: seasonOf(clock.wallNow).id,
    chainNowSeconds: String(Math.floor(clock.chainNow.getTime() / 1000)),
    wallNow: clock.wallNow.toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await helpStatement(db, values);
      return row ?? null;
    } catch (error) {
      if (!isDeadlock(error) || attempt >= 2) throw error;
    }
  }
}

/**
 * POST /api/gardens/:slug/help: one statement; only a player's first help (or a first-time owner) creates the rows
 * to lock and runs it again. 404 when the slug names no public garden.
 */
export async function helpNeighbour(
  db: Executor,
  helper: string,
  slug: string,
  clock: HelpClock,
): Promise<HelpResponse> {
  let row = await runHelp(db, helper, slug, clock);
  if (row?.refusal === "missing") {
    const owner = row.owner;
    await Promise.all([
      ensureNeighbour(db, helper),
      ensurePlayer(db, helper, clock.wallNow),
      ensurePlayer(db, owner, clock.wallNow),
    ]);
    row = await runHelp(db, helper, slug, clock);
  }
  if (row === null) throw notFound("No public garden here");
  if (row.refusal === "missing") throw forbidden("Your player could not be created; try again");
  if (row.refusal !== null) throw refusals[row.refusal]();
  const day = utcDay(clock.wallNow);
  const before = { day: row.help_day ?? -1, given: row.helps_given ?? 0, rewarded: row.helps_rewarded ?? 0 };
  const after = { ...before, day, given: (before.day === day ? before.given : 0) + 1 };
  return {
    xpGained: XP_PER_HELP,
    neighbourRewarded: (row.owner_xp ?? 0) > 0,
    helpsLeft: helpsLeft(after, day),
  };
}
