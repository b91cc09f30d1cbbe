import { newPlayer, XP_PER_HARVEST, XP_PER_PLANTING } from "@farm/core";
import { sql } from "drizzle-orm";
import { type DbExecutor, queryRows } from "../indexer/db";
import type { ChainHooks, IndexedHarvest, IndexedInvestment } from "../indexer/hooks";
import { levelSql } from "./game-sql";

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
 * Grants XP (and adds to the invested / yield scores) for one chain event, exactly once: the xp_grants insert only
 * returns a row the first time its key is seen, and concurrent callers (crop sync and the indexer) wait on that key
 * until the first one commits. Runs inside the caller's transaction, so the grant commits with the event.
 */
export async function grantForChainEvent(db: DbExecutor, grant: ChainGrant, now: Date): Promise<boolean> {
  const fresh = newPlayer(now);
  const nowText = now.toISOString();
  const happenedText = grant.happenedAt.toISOString();
  const rows = await queryRows<{ xp: number }>(
    db,
    sql`
      with granted as (
        insert into xp_grants (event_key, address, xp, granted_at)
        values (${grant.eventKey}, ${grant.address}, ${grant.xp}::int, ${nowText}::timestamptz)
        on conflict (event_key) do nothing
        returning address, xp
      ), player as (
        insert into players (address, xp, level, water, water_day, xp_reached_at,
                             invested, invested_reached_at, yield_earned, yield_reached_at)
        select address, xp, ${levelSql(sql`xp`)}, ${fresh.water}::int, ${fresh.waterDay}::int, ${nowText}::timestamptz,
               ${grant.invested.toString()}::numeric, ${happenedText}::timestamptz,
               ${grant.yieldEarned.toString()}::numeric, ${happenedText}::timestamptz
        from granted
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
        select address, level, ${nowText}::timestamptz from player
        where level > ${levelSql(sql`xp - ${grant.xp}::int`)}
      )
      select xp from player`,
  );
  return rows.length > 0;
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

/** The game's callbacks for the indexer and the crop sync: +25 XP per planting, +50 XP per harvest, once each. */
export function gameChainHooks(clock: () => Date = () => new Date()): ChainHooks {
  return {
    onInvestmentIndexed: async (tx, investment) => {
      await grantForChainEvent(tx, plantingGrant(investment), clock());
    },
    onHarvestIndexed: async (tx, harvest) => {
      await grantForChainEvent(tx, harvestGrant(harvest), clock());
    },
  };
}
