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
  verifiedCredentialProbeSql,
  XP_PER_HELP,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";
import { AppError, conflict, notFound, unprocessable } from "../../errors";
import { type BatchOutcome, GroupCommit, type GroupCommitOptions } from "../game/group-commit";
import { ensurePlayer } from "../game/players";
import { ensureNeighbour } from "./gardens";

/** The clocks of a help: the chain's judges the credentials, the server's the UTC day, the season and the times. */
export interface HelpClock {
  chainNow: Date;
  wallNow: Date;
}

interface HelpRow {
  idx: number;
  /** The public garden's owner; null when the slug names no public garden. */
  owner: string | null;
  /** The helper or the owner is in an earlier help of the batch: this one runs in the next batch. */
  deferred: boolean;
  /** decideHelp's refusal, or "missing" when a row to lock does not exist yet; null when the help was claimed. */
  refusal: HelpRefusal | "missing" | null;
  owner_xp: number | null;
  help_day: number | null;
  helps_given: number | null;
  helps_rewarded: number | null;
}

/** One help asked: the helper's wallet and the slug of the garden it helps. */
export interface HelpRequest {
  helper: string;
  slug: string;
}

/**
 * A batch of helps in ONE statement (decisions 0063 and 0020), each as @farm/core's decideHelp would decide it alone:
 * each owner is found by its public garden's slug; a help whose helper or owner an earlier help of the batch holds is
 * deferred to the next batch, so every row the statement moves belongs to one help. The helpers' and owners'
 * `neighbours` rows, then their `players` rows, are locked in address order, so concurrent batches queue on a shared
 * wallet instead of deadlocking and each reads the counters the previous one left (the caps hold under concurrency).
 * The help row is claimed with ON CONFLICT DO NOTHING: a concurrent help of the same pair that the statement's
 * snapshot missed makes it "already-helped". Only a claimed help moves the counters and credits XP (level, level-ups,
 * the season's XP) to the helper and, under its daily cap, the owner.
 */
const helpBatchStatement = preparedStatement<
  { requests: string; day: number; season: string; chainNowSeconds: string; wallNow: string },
  HelpRow
>("farm_neighbours_help_batch_v3", ({ requests, day, season, chainNowSeconds, wallNow }) => {
  const refusal = sql`(case when lower(f.helper) = lower(f.owner) then 'self'
      when hv.hit is null then 'helper-unverified'
      when ov.hit is null then 'owner-unverified'
      when gh.hit is not null then 'already-helped'
      when hn.address is null or hp.address is null or op.address is null then 'missing'
      when not (${helperUnderLimitSql(sql, "hn", day)}) then 'helper-limit'
      else null end)`;
  return sql`
    with req as (
      select r.idx, r.helper, r.slug from json_to_recordset(${requests}::json) as r(idx int, helper text, slug text)
    ), found as (
      select req.idx, req.helper, o.address as owner from req
      left join lateral (select n.address from neighbours n
                         where n.garden_slug = req.slug and n.garden_public limit 1) o on true
    ), f as (
      select x.idx, x.helper, x.owner from found x
      where x.owner is not null and not exists (
        select 1 from found e where e.idx < x.idx and e.owner is not null
          and (e.helper in (x.helper, x.owner) or e.owner in (x.helper, x.owner)))
    ), lock_n as (
      select n.address, n.help_day, n.helps_given, n.helps_rewarded from neighbours n
      where n.address = any (array(select helper from f union all select owner from f))
      order by n.address
      for update
    ), lock_p as (
      select p.address, p.xp, p.season, p.season_xp, p.season_reached_at from players p
      where p.address = any (array(select address from lock_n))
      order by p.address
      for no key update
    ), decided as (
      select f.idx, f.helper, f.owner, ${refusal} as refusal, ${ownerHelpXpSql(sql, "onr", day)} as owner_xp
      from f
      -- Lateral probes with a LIMIT (never hashed or flattened into joins) stay index lookups whatever the planner
      -- guesses of the batch's size or the tables' statistics (decision 0025).
      left join lateral (${verifiedCredentialProbeSql(sql, sql`f.helper`, chainNowSeconds)}) hv on true
      left join lateral (${verifiedCredentialProbeSql(sql, sql`f.owner`, chainNowSeconds)}) ov on true
      left join lateral (select true as hit from garden_helps h
                         where h.helper = f.helper and h.owner = f.owner and h.day = ${day}::int limit 1) gh on true
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
    ), credit as (
      -- One row per wallet a claimed help moves (distinct: a batch holds each wallet in one help at most).
      select helper as address, ${XP_PER_HELP}::int as xp, true as is_helper from claimed
      union all
      select owner, owner_xp, false from claimed where owner_xp > 0
    ), counters as (
      update neighbours set
        ${moveHelpCountersSql(sql, day, sql`c.is_helper`)},
        updated_at = ${wallNow}::timestamptz
      from credit c
      -- The list of addresses is an index condition on its own, so the rows are found by key whatever the join.
      where neighbours.address = c.address and neighbours.address = any (array(select address from credit))
    ), spend as (
      update players set
        xp = players.xp + credit.xp,
        level = ${levelSql(sql, sql`players.xp + credit.xp`)},
        xp_reached_at = ${wallNow}::timestamptz,
        updated_at = ${wallNow}::timestamptz,
        ${addSeasonXpSql(sql, season, sql`credit.xp`, wallNow)}
      from credit
      -- The list of addresses is an index condition on its own, so the rows are found by key whatever the join.
      where players.address = credit.address and players.address = any (array(select address from credit))
    ), season_archive as (
      ${archiveSeasonSql(sql, sql`(select l.* from lock_p l join credit c on c.address = l.address)`, season)}
    ), level_up as (
      insert into level_ups (address, level, reached_at)
      select l.address, reached, ${wallNow}::timestamptz
      from lock_p l join credit c on c.address = l.address,
        generate_series(${levelSql(sql, sql`l.xp`)} + 1, ${levelSql(sql, sql`l.xp + c.xp`)}) as reached
    )
    select x.idx, x.owner, (x.owner is not null and d.idx is null) as deferred,
      (case when d.idx is null then null else coalesce(d.refusal, case when exists (
        select 1 from claimed c where c.helper = d.helper and c.owner = d.owner) then null else 'already-helped' end) end)
        as refusal,
      d.owner_xp, hn.help_day, hn.helps_given, hn.helps_rewarded
    from found x left join decided d on d.idx = x.idx left join lock_n hn on hn.address = d.helper
    order by x.idx`;
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

/** Runs one batch (distinct helpers); rows come back in the order of `requests`. */
export async function runHelpBatch(
  db: Executor,
  requests: readonly HelpRequest[],
  clock: HelpClock,
): Promise<HelpRow[]> {
  const rows = await helpBatchStatement(db, {
    requests: JSON.stringify(requests.map((request, idx) => ({ idx, ...request }))),
    day: utcDay(clock.wallNow),
    season: seasonOf(clock.wallNow).id,
    chainNowSeconds: String(Math.floor(clock.chainNow.getTime() / 1000)),
    wallNow: clock.wallNow.toISOString(),
  });
  if (rows.length !== requests.length || rows.some((row, i) => row.idx !== i))
    throw new Error("the help batch rows are out of order");
  return rows;
}

/** One help's row as the API's answer, a refusal, or what the batcher does next. */
export function helpOutcome(
  db: Executor,
  request: HelpRequest,
  row: HelpRow,
  clock: HelpClock,
): BatchOutcome<HelpResponse> {
  if (row.owner === null) return { kind: "refused", error: notFound("No public garden here") };
  if (row.deferred) return { kind: "again" };
  const owner = row.owner;
  if (row.refusal === "missing")
    return {
      kind: "prepare",
      // A player's first help (or a first-time owner) creates the rows to lock and runs again.
      prepare: async () => {
        await Promise.all([
          ensureNeighbour(db, request.helper),
          ensurePlayer(db, request.helper, clock.wallNow),
          ensurePlayer(db, owner, clock.wallNow),
        ]);
      },
    };
  if (row.refusal !== null) return { kind: "refused", error: refusals[row.refusal]() };
  const day = utcDay(clock.wallNow);
  const before = { day: row.help_day ?? -1, given: row.helps_given ?? 0, rewarded: row.helps_rewarded ?? 0 };
  const after = { ...before, day, given: (before.day === day ? before.given : 0) + 1 };
  return {
    kind: "done",
    response: {
      xpGained: XP_PER_HELP,
      neighbourRewarded: (row.owner_xp ?? 0) > 0,
      helpsLeft: helpsLeft(after, day),
    },
  };
}

/**
 * POST /api/gardens/:slug/help through group commit ({@link GroupCommit}): the helps that arrive together go as one
 * statement. A helper is in at most one batch at a time; 404 when the slug names no public garden.
 */
export function helpBatcher(
  db: Executor,
  clock: () => Promise<HelpClock>,
  options: Pick<GroupCommitOptions<HelpRequest, HelpResponse, HelpClock>, "maxInFlight"> & {
    /** Told, once the batch has committed and before any answer goes, every helper and owner its helps credited. */
    afterCommit?: (addresses: string[]) => Promise<void>;
  } = {},
): (helper: string, slug: string) => Promise<HelpResponse> {
  const { afterCommit, ...rest } = options;
  const commit = new GroupCommit<HelpRequest, HelpResponse, HelpClock>({
    ...rest,
    clock,
    wallet: (request) => request.helper,
    key: (request) => request.helper,
    run: async (requests, now) => {
      const rows = await runHelpBatch(db, requests, now);
      const outcomes = rows.map((row, i) => helpOutcome(db, requests[i] as HelpRequest, row, now));
      const credited = requests.flatMap((request, i) => {
        const owner = rows[i]?.owner;
        return outcomes[i]?.kind === "done" && owner ? [request.helper, owner] : [];
      });
      if (afterCommit !== undefined && credited.length > 0) await afterCommit(credited);
      return outcomes;
    },
  });
  return (helper, slug) => commit.submit({ helper, slug });
}

/** One help on its own (a batch of one): the batcher's answer for a single request. */
export async function helpNeighbour(
  db: Executor,
  helper: string,
  slug: string,
  clock: HelpClock,
): Promise<HelpResponse> {
  return helpBatcher(db, async () => clock)(helper, slug);
}
