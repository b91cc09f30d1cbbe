import {
  BASE_WATER_CAPACITY,
  MAX_WATER_CAPACITY,
  WATER_CAPACITY_PER_LEVEL,
  waterCapacity,
  xpForLevel,
} from "@farm/core";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// The SQL below mirrors the pure rules in @farm/core so a single statement can apply them atomically; the rules'
// own tests and the backend tests against PostgreSQL keep both in step.
if (waterCapacity(1) !== BASE_WATER_CAPACITY || xpForLevel(2) !== 50)
  throw new Error("game SQL is out of step with @farm/core rules");

/** Level for an XP expression: floor(sqrt(xp / 50)) + 1, in exact numeric arithmetic. */
export function levelSql(xp: SQL): SQL {
  return sql`(floor(sqrt((${xp})::numeric / 50))::int + 1)`;
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
