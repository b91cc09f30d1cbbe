import {
  BASE_WATER_CAPACITY,
  LEVEL_XP_FACTOR,
  MAX_WATER_CAPACITY,
  WATER_CAPACITY_PER_LEVEL,
} from "@farm/core";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// The SQL below is the set-based form of the pure rules in @farm/core (levelForXp, waterCapacity, currentWater,
// waterCrop, recordWateringDay), built from core's constants so one statement can apply them atomically. Core is the
// source: `test/game-rules.differential.test.ts` runs random states and waterings through both and requires the same
// outcome and the same refusal.

/** Level for an XP expression: floor(sqrt(xp / LEVEL_XP_FACTOR)) + 1, in exact numeric arithmetic. */
export function levelSql(xp: SQL): SQL {
  return sql`(floor(sqrt((${xp})::numeric / ${sql.raw(String(LEVEL_XP_FACTOR))}))::int + 1)`;
}

/** Tank capacity at a level (an SQL expression). */
export function capacityAtSql(level: SQL): SQL {
  return sql`least(${sql.raw(String(MAX_WATER_CAPACITY))}, ${sql.raw(String(BASE_WATER_CAPACITY))} + ${sql.raw(String(WATER_CAPACITY_PER_LEVEL))} * ((${level}) - 1))`;
}

/** Tank capacity of the row's current level. */
export const capacitySql = capacityAtSql(sql.raw("level"));

/** Water the row holds on `day` (a UTC day number, or its placeholder), with the lazy 00:00 UTC refill applied. */
export function waterOnDaySql(day: number | SQLWrapper): SQL {
  return sql`(case when water_day < ${day}::int then ${capacitySql} else water end)`;
}

/**
 * Whether a held crop can be watered now: `isWaterable(deriveCropStage(...))` of @farm/core on the chain's clock, for
 * a `chain_invoices` row `invoice` and the holder's `shares`. Waterable are seeds (pending, approved), growing and
 * ripe crops (funded before maturity, repaid) and wilting ones (funded, past maturity, within the grace period the
 * invoice fixed on chain); not harvested (no shares left), withered (defaulted, settled, past grace) or returned ones.
 */
export function waterableSql(shares: SQL, invoice: SQL, chainNow: SQL): SQL {
  return sql`(${shares} > 0
    and (${invoice}.status in ('pending', 'approved', 'repaid')
         or (${invoice}.status = 'funded' and (${invoice}.maturity is null or ${invoice}.grace_days is null
             or ${invoice}.maturity + make_interval(days => ${invoice}.grace_days) > ${chainNow}))))`;
}
