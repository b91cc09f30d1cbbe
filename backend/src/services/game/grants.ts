/** XP and the invested / yield scores granted for chain events, once each, and taken back when a reorg drops them. */
import {
  levelSql,
  newPlayer,
  seasonIdSql,
  takeBackSeasonXpSql,
  takeBackXpSql,
  XP_PER_HARVEST,
  XP_PER_PLANTING,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import type { IndexedHarvest, IndexedInvestment, IndexedRefund } from "../../chain/hooks/registry";

export interface ChainGrant {
  /** "<reason>:<event id>": the xp_grants key that makes the grant happen once. */
  eventKey: string;
  address: string;
  xp: number;
  invested: bigint;
  yieldEarned: bigint;
  /** When the event happened on chain: the moment the invested/yield score was reached. */
  happenedAt: Date;
}

/**
 * Grants XP (and adds to the invested / yield scores) for chain events, each exactly once, in ONE statement: the
 * xp_grants insert only returns the keys seen for the first time, and a concurrent writer of the same key (the crop
 * sync, or another indexer) waits on it until the first one commits. Each player is credited the sum of its fresh
 * grants, rows locked in address order so concurrent batches queue instead of deadlocking, and every level the XP
 * passes is recorded. Runs inside the caller's transaction, so the grants commit with the events.
 */
export async function grantForChainEvents(
  db: Executor,
  grants: readonly ChainGrant[],
  now: Date,
): Promise<number> {
  if (grants.length === 0) return 0;
  const fresh = newPlayer(now);
  const nowText = now.toISOString();
  const input = JSON.stringify(
    grants.map((grant) => ({
      event_key: grant.eventKey,
      address: grant.address,
      xp: grant.xp,
      invested: grant.invested.toString(),
      yield_earned: grant.yieldEarned.toString(),
      happened_at: grant.happenedAt.toISOString(),
    })),
  );
  const rows = await queryRows<{ address: string }>(
    db,
    sql`
      with input as (
        select distinct on (event_key) * from json_to_recordset(${input}::json)
          as g(event_key text, address text, xp int, invested numeric, yield_earned numeric,
               happened_at timestamptz)
        order by event_key
      ), granted as (
        insert into xp_grants (event_key, address, xp, granted_at)
        select event_key, address, xp, ${nowText}::timestamptz from input order by event_key
        on conflict (event_key) do nothing
        returning event_key
      ), credit as (
        select i.address, sum(i.xp)::int as xp, sum(i.invested) as invested, sum(i.yield_earned) as yield_earned,
          max(i.happened_at) filter (where i.invested > 0) as invested_at,
          max(i.happened_at) filter (where i.yield_earned > 0) as yield_at,
          min(i.happened_at) as first_at
        from granted g join input i on i.event_key = g.event_key
        group by i.address
      ), player as (
        insert into players (address, xp, level, water, water_day, xp_reached_at,
                             invested, invested_reached_at, yield_earned, yield_reached_at)
        select address, xp, ${levelSql(sql, sql`xp`)}, ${fresh.water}::int, ${fresh.waterDay}::int, ${nowText}::timestamptz,
               invested, coalesce(invested_at, first_at),
               yield_earned, coalesce(yield_at, first_at)
        from credit
        order by address
        on conflict (address) do update set
          xp = players.xp + excluded.xp,
          level = ${levelSql(sql, sql`players.xp + excluded.xp`)},
          xp_reached_at = excluded.xp_reached_at,
          invested = players.invested + excluded.invested,
          invested_reached_at = case when excluded.invested > 0
            then excluded.invested_reached_at else players.invested_reached_at end,
          yield_earned = players.yield_earned + excluded.yield_earned,
          yield_reached_at = case when excluded.yield_earned > 0
            then excluded.yield_reached_at else players.yield_reached_at end,
          updated_at = excluded.xp_reached_at
        returning address, xp, level
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select player.address, reached, ${nowText}::timestamptz
        from player join credit on credit.address = player.address,
          generate_series(${levelSql(sql, sql`player.xp - credit.xp`)} + 1, player.level) as reached
      )
      select address from player`,
  );
  return rows.length;
}

export function plantingGrant(investment: IndexedInvestment): ChainGrant {
  return {
    eventKey: `plant:${investment.id}`,
    address: investment.investor,
    xp: XP_PER_PLANTING,
    invested: investment.amount,
    yieldEarned: 0n,
    happenedAt: investment.blockTime,
  };
}

export function harvestGrant(harvest: IndexedHarvest): ChainGrant {
  return {
    eventKey: `harvest:${harvest.id}`,
    address: harvest.holder,
    xp: XP_PER_HARVEST,
    invested: 0n,
    yieldEarned: harvest.yield,
    happenedAt: harvest.blockTime,
  };
}

/** A refund as a grant with no XP: its principal comes off the invested score (taking the grant back puts it back). */
export function refundGrant(refund: IndexedRefund): ChainGrant {
  return {
    eventKey: `refund:${refund.id}`,
    address: refund.holder,
    xp: 0,
    invested: -refund.shares,
    yieldEarned: 0n,
    happenedAt: refund.blockTime,
  };
}

/**
 * "Invested" is GOLD put into invoices by invest (or its permit form) less what came back by refund: each refund,
 * once (its xp_grants key), takes its principal off the holder's invested score, never below 0 (shares bought on a
 * market and refunded were never invested by this wallet).
 */
export async function takeBackRefundedInvestment(
  db: Executor,
  refunds: readonly IndexedRefund[],
  now: Date,
): Promise<void> {
  if (refunds.length === 0) return;
  const input = JSON.stringify(
    refunds.map(refundGrant).map((grant) => ({
      event_key: grant.eventKey,
      address: grant.address,
      refunded: (-grant.invested).toString(),
    })),
  );
  const nowText = now.toISOString();
  await db.execute(sql`
    with input as (
      select distinct on (event_key) * from json_to_recordset(${input}::json)
        as r(event_key text, address text, refunded numeric)
      order by event_key
    ), granted as (
      insert into xp_grants (event_key, address, xp, granted_at)
      select event_key, address, 0, ${nowText}::timestamptz from input order by event_key
      on conflict (event_key) do nothing
      returning event_key
    ), taken as (
      select i.address, sum(i.refunded) as refunded from granted g join input i on i.event_key = g.event_key
      group by i.address
    )
    update players set invested = greatest(players.invested - taken.refunded, 0), updated_at = ${nowText}::timestamptz
    from taken where players.address = taken.address`);
}

/**
 * Takes back grants of chain events that are gone (a reorg dropped them): each xp_grants row found goes, and its XP and
 * invested / yield scores come off its player, whose level follows the XP; level_ups above the new level go too (the
 * XP that reached them is void). A grant not found (never made, or already taken back) changes nothing. Runs inside
 * the caller's transaction, so the undo commits with the rollback.
 */
export async function takeBackChainGrants(
  db: Executor,
  grants: readonly ChainGrant[],
  now: Date,
): Promise<void> {
  if (grants.length === 0) return;
  const amounts = JSON.stringify(
    grants.map((grant) => ({
      event_key: grant.eventKey,
      invested: grant.invested.toString(),
      yield_earned: grant.yieldEarned.toString(),
    })),
  );
  const seasonBack = takeBackSeasonXpSql(sql, sql`taken_by_season`);
  await db.execute(sql`
    with taken_grants as (
      delete from xp_grants
      using json_to_recordset(${amounts}::json) as a(event_key text, invested numeric, yield_earned numeric)
      where xp_grants.event_key = a.event_key
      returning xp_grants.address, xp_grants.xp, xp_grants.granted_at, a.invested, a.yield_earned
    ), taken_by_season as (
      select address, ${seasonIdSql(sql, sql`granted_at`)} as season, sum(xp)::int as xp from taken_grants group by 1, 2
    ), season_back as (
      -- The XP leaves the season it was counted in (the week of the grant): archived, or still on the player's row.
      ${seasonBack.archived}
    ), taken as (
      select address, sum(xp)::int as xp, sum(invested) as invested, sum(yield_earned) as yield_earned
      from taken_grants group by address
    ), player as (
      update players set
        ${takeBackXpSql(sql, sql`taken.xp`)},
        invested = greatest(players.invested - taken.invested, 0),
        yield_earned = greatest(players.yield_earned - taken.yield_earned, 0),
        ${seasonBack.held},
        updated_at = ${now.toISOString()}::timestamptz
      from taken
      where players.address = taken.address
      returning players.address, players.level
    )
    delete from level_ups using player where level_ups.address = player.address and level_ups.level > player.level`);
}
