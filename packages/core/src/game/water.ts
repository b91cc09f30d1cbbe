import { type SqlTag, sqlConstant } from "../sql-tag";
import { nextUtcMidnight, utcDay } from "./day";

/** Water a watering costs. */
export const WATER_COST = 10;
export const BASE_WATER_CAPACITY = 100;
export const WATER_CAPACITY_PER_LEVEL = 10;
export const MAX_WATER_CAPACITY = 200;

/** Tank size at a level: 100, plus 10 per level above 1, never more than 200 (reached at level 11). */
export function waterCapacity(level: number): number {
  return Math.min(MAX_WATER_CAPACITY, BASE_WATER_CAPACITY + WATER_CAPACITY_PER_LEVEL * (level - 1));
}

/** waterCapacity in SQL, for a level expression. */
export function waterCapacitySql<S>(q: SqlTag<S>, level: S): S {
  const [max, base, perLevel] = [MAX_WATER_CAPACITY, BASE_WATER_CAPACITY, WATER_CAPACITY_PER_LEVEL].map((n) =>
    sqlConstant(q, n),
  );
  return q`least(${max}, ${base} + ${perLevel} * ((${level}) - 1))`;
}

export interface WaterTank {
  /** Water left on `waterDay`. */
  water: number;
  /** UTC day number the stored `water` belongs to; a later day means the tank has refilled since. */
  waterDay: number;
  level: number;
}

/**
 * Water available now. The refill at 00:00 UTC is lazy: nothing runs at midnight; a tank last touched on an earlier
 * day simply reads as full (to the capacity of the player's current level).
 */
export function currentWater(tank: WaterTank, now: Date): number {
  return utcDay(now) > tank.waterDay ? waterCapacity(tank.level) : tank.water;
}

/** currentWater in SQL: the players row's water on `day` (a UTC day number or its placeholder), refill applied. */
export function currentWaterSql<S>(q: SqlTag<S>, day: unknown): S {
  return q`(case when water_day < ${day}::int then ${waterCapacitySql(q, q.raw("level"))} else water end)`;
}

/** When the tank refills next (the coming 00:00 UTC). */
export function waterRefillsAt(now: Date): Date {
  return nextUtcMidnight(now);
}
