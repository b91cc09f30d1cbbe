import type { WaterResponse } from "@farm/core";
import {
  type CropStage,
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
import { type DbExecutor, queryRows } from "../indexer/db";
import { applyRule, isUniqueViolation } from "./game-errors";
import { ensurePlayer } from "./game-players";
import { levelSql, waterOnDaySql } from "./game-sql";

interface CropRow {
  player_xp: number | null;
  player_level: number | null;
  player_water: number | null;
  player_water_day: number | null;
  status: InvoiceStatusName;
  funded_at: Date | string | null;
  maturity: Date | string | null;
  shares: string | null;
  has_harvested: boolean;
  watered_today: boolean;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

interface CropCheck {
  stage: CropStage;
  wateredToday: boolean;
}

interface WaterFacts {
  crop: CropCheck;
  /** Null when the wallet has no player row yet. */
  player: PlayerState | null;
}

/**
 * Reads in one query what the rules need about this wallet and one of its crops; refuses an unknown invoice or
 * someone else's crop.
 */
async function readFacts(db: DbExecutor, address: string, tokenId: bigint, now: Date): Promise<WaterFacts> {
  const day = utcDay(now);
  const [crop] = await queryRows<CropRow>(
    db,
    sql`
      select pl.xp as player_xp, pl.level as player_level, pl.water as player_water, pl.water_day as player_water_day,
        i.status, i.funded_at, i.maturity, p.shares::text as shares,
        exists (select 1 from chain_harvests h where h.token_id = i.token_id and h.holder = ${address}) as has_harvested,
        exists (select 1 from waterings w
                where w.address = ${address} and w.token_id = i.token_id and w.day = ${day}::int) as watered_today
      from chain_invoices i
      left join chain_positions p on p.token_id = i.token_id and p.holder = ${address}
      left join players pl on pl.address = ${address}
      where i.token_id = ${tokenId.toString()}::numeric`,
  );
  if (!crop) throw notFound(`There is no invoice ${tokenId}`);
  const shares = BigInt(crop.shares ?? "0");
  if (shares === 0n && !crop.has_harvested)
    throw new AppError(
      403,
      "NOT_YOUR_CROP",
      `You hold no shares of invoice ${tokenId}, so it is not your crop`,
    );
  const stage = deriveCropStage(
    {
      status: crop.status,
      fundedAt: toDate(crop.funded_at),
      maturity: toDate(crop.maturity),
      shares,
      hasHarvested: crop.has_harvested,
    },
    now,
  );
  const player =
    crop.player_xp === null
      ? null
      : {
          xp: crop.player_xp,
          level: crop.player_level ?? 1,
          water: crop.player_water ?? 0,
          waterDay: crop.player_water_day ?? 0,
        };
  return { crop: { stage, wateredToday: crop.watered_today }, player };
}

interface SpendRow {
  xp: number;
  level: number;
  water: number;
}

/**
 * Spends the water and grants the XP in ONE statement: the player row's lock serialises parallel waterings, the
 * WHERE re-checks the (lazily refilled) water on the latest row version, and the watering row's primary key aborts
 * the whole statement if the same crop was watered concurrently. Nothing is read first and written later.
 */
async function spendWater(
  db: DbExecutor,
  address: string,
  tokenId: bigint,
  now: Date,
): Promise<SpendRow | undefined> {
  const day = utcDay(now);
  const nowText = now.toISOString();
  const token = tokenId.toString();
  const [row] = await queryRows<SpendRow>(
    db,
    sql`
      with spend as (
        update players set
          water = ${waterOnDaySql(day)} - ${WATER_COST}::int,
          water_day = ${day}::int,
          xp = xp + ${XP_PER_WATERING}::int,
          level = ${levelSql(sql`xp + ${XP_PER_WATERING}::int`)},
          xp_reached_at = ${nowText}::timestamptz,
          updated_at = ${nowText}::timestamptz
        where address = ${address}
          and ${waterOnDaySql(day)} >= ${WATER_COST}::int
          and not exists (select 1 from waterings w
                          where w.address = ${address} and w.token_id = ${token}::numeric and w.day = ${day}::int)
        returning xp, level, water
      ), watering as (
        insert into waterings (address, token_id, day, xp_gained, watered_at)
        select ${address}, ${token}::numeric, ${day}::int, ${XP_PER_WATERING}::int, ${nowText}::timestamptz from spend
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select ${address}, level, ${nowText}::timestamptz from spend
        where level > ${levelSql(sql`xp - ${XP_PER_WATERING}::int`)}
      )
      select xp, level, water from spend`,
  );
  return row;
}

function refuseWith(facts: WaterFacts, now: Date): never {
  applyRule(() => waterCrop(facts.player ?? newPlayer(now), { type: "waterCrop", ...facts.crop }, now));
  // The rules allow it now, yet the statement changed nothing: a parallel request got there first.
  throw new AppError(409, "ALREADY_WATERED_TODAY", "This crop was just watered by another request");
}

/** POST /api/game/water: checks the move with the pure rules, then applies it atomically. */
export async function waterPlayerCrop(
  db: DbExecutor,
  address: string,
  tokenId: bigint,
  now: Date,
): Promise<WaterResponse> {
  const facts = await readFacts(db, address, tokenId, now);
  applyRule(() => waterCrop(facts.player ?? newPlayer(now), { type: "waterCrop", ...facts.crop }, now));
  if (!facts.player) await ensurePlayer(db, address, now);
  let spent: SpendRow | undefined;
  try {
    spent = await spendWater(db, address, tokenId, now);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        409,
        "ALREADY_WATERED_TODAY",
        "This crop was already watered today; try again after 00:00 UTC",
      );
    throw error;
  }
  if (!spent) refuseWith(await readFacts(db, address, tokenId, now), now);
  return {
    xpGained: XP_PER_WATERING,
    waterRemaining: spent.water,
    xp: spent.xp,
    level: spent.level,
    leveledUp: levelForXp(spent.xp - XP_PER_WATERING) < spent.level,
  };
}
