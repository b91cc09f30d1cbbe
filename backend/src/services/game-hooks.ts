import { newPlayer, XP_PER_HARVEST, XP_PER_PLANTING } from "@farm/core";
import { sql } from "drizzle-orm";
import { type DbExecutor, queryRows } from "../indexer/db";
import type { ChainHooks, IndexedHarvest, IndexedInvestment } from "../indexer/hooks";
import { capacityAtSql, levelSql } from "./game-sql";

interface ChainGrant {
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
  db: DbExecutor,
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
        select address, xp, ${levelSql(sql`xp`)}, ${fresh.water}::int, ${fresh.waterDay}::int, ${nowText}::timestamptz,
               invested, coalesce(invested_at, first_at),
               yield_earned, coalesce(yield_at, first_at)
        from credit
        order by address
        on conflict (address) do update set
          xp = players.xp + excluded.xp,
          level = ${levelSql(sql`players.xp + excluded.xp`)},
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
          generate_series(${levelSql(sql`player.xp - credit.xp`)} + 1, player.level) as reached
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

/**
 * Takes back grants of chain events that are gone (a reorg dropped them): each xp_grants row found goes, and its XP and
 * invested / yield scores come off its player, whose level follows the XP; level_ups above the new level go too (the
 * XP that reached them is void). A grant not found (never made, or already taken back) changes nothing. Runs inside
 * the caller's transaction, so the undo commits with the rollback.
 */
export async function takeBackChainGrants(
  db: DbExecutor,
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
  const remaining = sql`greatest(players.xp - taken.xp, 0)`;
  await db.execute(sql`
    with taken_grants as (
      delete from xp_grants
      using json_to_recordset(${amounts}::json) as a(event_key text, invested numeric, yield_earned numeric)
      where xp_grants.event_key = a.event_key
      returning xp_grants.address, xp_grants.xp, a.invested, a.yield_earned
    ), taken as (
      select address, sum(xp)::int as xp, sum(invested) as invested, sum(yield_earned) as yield_earned
      from taken_grants group by address
    ), player as (
      update players set
        xp = ${remaining},
        level = ${levelSql(remaining)},
        -- A lower level has a smaller tank: water above it goes (what is left stays, as a level-up pours none in).
        water = least(players.water, ${capacityAtSql(levelSql(remaining))}),
        invested = greatest(players.invested - taken.invested, 0),
        yield_earned = greatest(players.yield_earned - taken.yield_earned, 0),
        updated_at = ${now.toISOString()}::timestamptz
      from taken
      where players.address = taken.address
      returning players.address, players.level
    )
    delete from level_ups using player where level_ups.address = player.address and level_ups.level > player.level`);
}

/**
 * The game's callbacks for the indexer and the crop sync: +25 XP per planting, +50 XP per harvest, once each; taken
 * back when a reorg drops the event (and granted again if it comes back on the new chain).
 */
export function gameChainHooks(clock: () => Date = () => new Date()): ChainHooks {
  return {
    onInvestmentsIndexed: async (tx, investments) => {
      await grantForChainEvents(tx, investments.map(plantingGrant), clock());
    },
    onHarvestsIndexed: async (tx, harvests) => {
      await grantForChainEvents(tx, harvests.map(harvestGrant), clock());
    },
    onEventsDropped: async (tx, dropped) => {
      await takeBackChainGrants(
        tx,
        [...dropped.investments.map(plantingGrant), ...dropped.harvests.map(harvestGrant)],
        clock(),
      );
    },
  };
}
