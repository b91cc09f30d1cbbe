import {
  currentWater,
  nextLevelXp,
  type ProfileGame,
  type ProfileUpdate,
  waterCapacity,
  waterRefillsAt,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement, type StatementParams } from "../../adapters/db/prepared";
import { conflict } from "../../errors";
import { isUniqueViolation } from "../../errors/pg";
import type { ProfilePart } from "../profile/profile-part";
import { ensurePlayer, loadPlayer, type RawPlayer, toPlayer } from "./players";

type ProfileParams = StatementParams<{ address: string }>;

interface StatsRow {
  invested: string;
  harvested: string;
  yield_earned: string;
  active_crops: number;
  harvested_crops: number;
}

/** A wallet's investment figures, straight from the chain index: the select list of `profileRowStatement`. */
const statsColumns = (address: ProfileParams["address"]) => sql`
  -- GOLD still at work or already harvested: an invoice that refunded gave its investments back (to whoever held
  -- the shares then), so they are not counted, as the players row's score (grants.ts, takeBackRefundedInvestment).
  -- A lateral probe with a LIMIT (never an anti-join the planner may hash over every refund) per investment.
  (select coalesce(sum(i.amount), 0) from chain_investments i
   left join lateral (select true as hit from chain_refunds r where r.token_id = i.token_id limit 1) r on true
   where i.investor = ${address} and r.hit is null)::text as invested,
  (select coalesce(sum(principal + yield), 0) from chain_harvests where holder = ${address})::text as harvested,
  (select coalesce(sum(yield), 0) from chain_harvests where holder = ${address})::text as yield_earned,
  (select count(*) from chain_positions p join chain_invoices i on i.token_id = p.token_id
   where p.holder = ${address} and p.shares > 0
     and i.status in ('pending', 'approved', 'funded', 'repaid'))::int as active_crops,
  (select count(distinct token_id) from chain_harvests where holder = ${address})::int as harvested_crops`;

type ProfileRow = StatsRow & Partial<RawPlayer>;

/**
 * The player's row (absent fields when it does not exist yet) and its stats in one statement: one round trip.
 * Prepared once per connection: planning its six subqueries cost as much as running them (bench:api's profile).
 */
const profileRowStatement = preparedStatement<{ address: string }, ProfileRow>(
  "farm_profile_row_v2",
  ({ address }) =>
    sql`select pl.address, pl.xp, pl.level, pl.water, pl.water_day, pl.display_name, pl.avatar, ${statsColumns(address)}
        from (select 1) one left join players pl on pl.address = ${address}`,
);

async function readProfileRow(db: Executor, address: string): Promise<ProfileRow | undefined> {
  const [row] = await profileRowStatement(db, { address });
  return row;
}

function statsOf(row: StatsRow | undefined): ProfileGame["stats"] {
  return {
    invested: row?.invested ?? "0",
    harvested: row?.harvested ?? "0",
    yieldEarned: row?.yield_earned ?? "0",
    activeCrops: row?.active_crops ?? 0,
    harvestedCrops: row?.harvested_crops ?? 0,
  };
}

/** The game's fields of GET /api/user/profile, water shown with the lazy refill applied. */
export async function readProfileGame(db: Executor, address: string, now: Date): Promise<ProfileGame> {
  const row = await readProfileRow(db, address);
  const player = row?.address != null ? toPlayer(row as RawPlayer) : await loadPlayer(db, address, now);
  const stats = statsOf(row);
  return {
    displayName: player.displayName,
    avatar: player.avatar as ProfileGame["avatar"],
    xp: player.xp,
    level: player.level,
    nextLevelXp: nextLevelXp(player.xp),
    water: currentWater(player, now),
    waterMax: waterCapacity(player.level),
    waterRefillsAt: waterRefillsAt(now).toISOString(),
    stats,
  };
}

/** The game's part of GET /api/user/profile. */
export const gameProfilePart: ProfilePart = (app, session, now) =>
  readProfileGame(app.db, session.address, now);

/** PATCH /api/user/profile: sets the display name (unique whatever its case) and/or the avatar. */
export async function updateProfileGame(
  db: Executor,
  address: string,
  update: ProfileUpdate,
  now: Date,
): Promise<void> {
  await ensurePlayer(db, address, now);
  const sets = [
    ...(update.displayName !== undefined ? [sql`display_name = ${update.displayName}`] : []),
    ...(update.avatar !== undefined ? [sql`avatar = ${update.avatar}`] : []),
    sql`updated_at = ${now.toISOString()}::timestamptz`,
  ];
  try {
    await db.execute(sql`update players set ${sql.join(sets, sql`, `)} where address = ${address}`);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(
        `The display name "${update.displayName}" is taken; choose another`,
        "DISPLAY_NAME_TAKEN",
      );
    throw error;
  }
}
