import type { WaterResponse } from "@farm/core";
import {
  DEFAULT_GRACE_DAYS,
  deriveCropStage,
  type InvoiceStatusName,
  levelForXp,
  newPlayer,
  type PlayerState,
  utcDay,
  WATER_COST,
  waterCrop,
  XP_PER_WATERING,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { AppError, notFound } from "../errors";
import type { DbExecutor } from "../indexer/db";
import { applyRule, isUniqueViolation } from "./game-errors";
import { ensurePlayer } from "./game-players";
import { preparedStatement } from "./game-prepared";
import { levelSql, waterOnDaySql } from "./game-sql";

/** What the statement reads about the crop and the player, and what it changed (new_* null when it changed nothing). */
interface WateringRow {
  status: InvoiceStatusName;
  funded_at: Date | string | null;
  maturity: Date | string | null;
  shares: string;
  has_harvested: boolean;
  watered_today: boolean;
  xp: number | null;
  level: number | null;
  water: number | null;
  water_day: number | null;
  new_xp: number | null;
  new_level: number | null;
  new_water: number | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Tries the watering in ONE statement and returns what it read alongside what it changed. The player row's lock
 * serialises parallel waterings and the WHERE re-checks the (lazily refilled) water on the latest row version; the
 * watering row's primary key aborts the whole statement if the same crop is watered concurrently. The crop condition
 * is the SQL form of `isWaterable(deriveCropStage(...))` (shares held; seed, growing, ripe or wilting); the endpoint
 * tests cover every stage through it.
 */
const wateringStatement = preparedStatement<
  { address: string; token: string; day: number; now: string },
  WateringRow
>(
  "farm_game_water_v2",
  ({ address, token, day, now: nowText }) => sql`
      with facts as (
        select i.status, i.funded_at, i.maturity, coalesce(p.shares, 0)::text as shares,
          exists (select 1 from chain_harvests h
                  where h.token_id = i.token_id and h.holder = ${address}) as has_harvested,
          exists (select 1 from waterings w
                  where w.address = ${address} and w.token_id = i.token_id and w.day = ${day}::int) as watered_today,
          coalesce(p.shares, 0) > 0
            and (i.status in ('pending', 'approved', 'repaid')
                 or (i.status = 'funded' and (i.maturity is null
                     or i.maturity + make_interval(days => ${DEFAULT_GRACE_DAYS}::int) > ${nowText}::timestamptz)))
            as waterable,
          pl.xp, pl.level, pl.water, pl.water_day
        from chain_invoices i
        left join chain_positions p on p.token_id = i.token_id and p.holder = ${address}
        left join players pl on pl.address = ${address}
        where i.token_id = ${token}::numeric
      ), spend as (
        update players set
          water = ${waterOnDaySql(day)} - ${WATER_COST}::int,
          water_day = ${day}::int,
          xp = xp + ${XP_PER_WATERING}::int,
          level = ${levelSql(sql`xp + ${XP_PER_WATERING}::int`)},
          xp_reached_at = ${nowText}::timestamptz,
          updated_at = ${nowText}::timestamptz
        where address = ${address}
          and ${waterOnDaySql(day)} >= ${WATER_COST}::int
          and exists (select 1 from facts where facts.waterable and not facts.watered_today)
        returning xp, level, water
      ), watering as (
        insert into waterings (address, token_id, day, xp_gained, watered_at)
        select ${address}, ${token}::numeric, ${day}::int, ${XP_PER_WATERING}::int, ${nowText}::timestamptz from spend
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select ${address}, level, ${nowText}::timestamptz from spend
        where level > ${levelSql(sql`xp - ${XP_PER_WATERING}::int`)}
      )
      select facts.status, facts.funded_at, facts.maturity, facts.shares, facts.has_harvested, facts.watered_today,
        facts.xp, facts.level, facts.water, facts.water_day,
        spend.xp as new_xp, spend.level as new_level, spend.water as new_water
      from facts left join spend on true`,
);

async function tryWatering(
  db: DbExecutor,
  address: string,
  tokenId: bigint,
  now: Date,
): Promise<WateringRow | undefined> {
  const [row] = await wateringStatement(db, {
    address,
    token: tokenId.toString(),
    day: utcDay(now),
    now: now.toISOString(),
  });
  return row;
}

/** Why the rules refuse this move, from what the statement read; null when they allow it. */
function ruleRefusal(row: WateringRow, tokenId: bigint, now: Date): AppError | null {
  const shares = BigInt(row.shares);
  if (shares === 0n && !row.has_harvested)
    return new AppError(
      403,
      "NOT_YOUR_CROP",
      `You hold no shares of invoice ${tokenId}, so it is not your crop`,
    );
  const stage = deriveCropStage(
    {
      status: row.status,
      fundedAt: toDate(row.funded_at),
      maturity: toDate(row.maturity),
      shares,
      hasHarvested: row.has_harvested,
    },
    now,
  );
  const player: PlayerState =
    row.xp === null
      ? newPlayer(now)
      : { xp: row.xp, level: row.level ?? 1, water: row.water ?? 0, waterDay: row.water_day ?? 0 };
  try {
    applyRule(() => waterCrop(player, { type: "waterCrop", stage, wateredToday: row.watered_today }, now));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return null;
}

/** POST /api/game/water: 10 water for 5 XP, once per crop per UTC day, applied atomically. */
export async function waterPlayerCrop(
  db: DbExecutor,
  address: string,
  tokenId: bigint,
  now: Date,
): Promise<WaterResponse> {
  let row: WateringRow | undefined;
  try {
    row = await tryWatering(db, address, tokenId, now);
    if (row && row.xp === null && ruleRefusal(row, tokenId, now) === null) {
      // A wallet's first watering: create its player row with a full tank, then try once more.
      await ensurePlayer(db, address, now);
      row = await tryWatering(db, address, tokenId, now);
    }
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        409,
        "ALREADY_WATERED_TODAY",
        "This crop was already watered today; try again after 00:00 UTC",
      );
    throw error;
  }
  if (!row) throw notFound(`There is no invoice ${tokenId}`);
  if (row.new_xp === null || row.new_level === null || row.new_water === null)
    // Refused by the rules on what the statement read; otherwise parallel waterings spent the water between the
    // statement's snapshot and its re-check of the locked row.
    throw (
      ruleRefusal(row, tokenId, now) ??
      new AppError(
        422,
        "NOT_ENOUGH_WATER",
        `watering needs ${WATER_COST} water and other waterings just used it up; the tank refills at 00:00 UTC`,
      )
    );
  return {
    xpGained: XP_PER_WATERING,
    waterRemaining: row.new_water,
    xp: row.new_xp,
    level: row.new_level,
    leveledUp: levelForXp(row.new_xp - XP_PER_WATERING) < row.new_level,
  };
}
