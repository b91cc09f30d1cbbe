import { type SqlTag, sqlConstant } from "../sql-tag";

/** The level curve's factor: level n needs LEVEL_XP_FACTOR * (n - 1)^2 XP in all . */
export const LEVEL_XP_FACTOR = 50;

/** Total XP a player needs to reach level n: 50 * (n - 1)^2, so level 2 at 50, level 3 at 200, level 4 at 450. */
export function xpForLevel(level: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`not a level: ${level}`);
  return LEVEL_XP_FACTOR * (level - 1) ** 2;
}

/** The level a total XP gives: the largest n with 50 * (n - 1)^2 <= xp (integer search, no float rounding at the edges). */
export function levelForXp(xp: number): number {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`not an XP total: ${xp}`);
  let level = Math.floor(Math.sqrt(xp / LEVEL_XP_FACTOR)) + 1;
  while (xpForLevel(level) > xp) level -= 1;
  while (xpForLevel(level + 1) <= xp) level += 1;
  return level;
}

/** Total XP at which the player reaches the level after the one `xp` gives. */
export function nextLevelXp(xp: number): number {
  return xpForLevel(levelForXp(xp) + 1);
}

/** levelForXp in SQL, for an XP expression: floor(sqrt(xp / 50)) + 1 in exact numeric arithmetic. */
export function levelSql<S>(q: SqlTag<S>, xp: S): S {
  return q`(floor(sqrt((${xp})::numeric / ${sqlConstant(q, LEVEL_XP_FACTOR)}))::int + 1)`;
}
