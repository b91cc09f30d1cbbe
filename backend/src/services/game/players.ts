import { newPlayer, type PlayerState } from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";

export interface PlayerRow extends PlayerState {
  address: string;
  displayName: string | null;
  avatar: string | null;
}

/** A `players` row as the driver returns it. */
export interface RawPlayer {
  address: string;
  xp: number;
  level: number;
  water: number;
  water_day: number;
  display_name: string | null;
  avatar: string | null;
}

export const toPlayer = (row: RawPlayer): PlayerRow => ({
  address: row.address,
  xp: row.xp,
  level: row.level,
  water: row.water,
  waterDay: row.water_day,
  displayName: row.display_name,
  avatar: row.avatar,
});

/** Creates the player row with a full tank if it does not exist yet; concurrent callers are harmless. */
export async function ensurePlayer(db: Executor, address: string, now: Date): Promise<void> {
  const fresh = newPlayer(now);
  await db.execute(sql`
    insert into players (address, xp, level, water, water_day, xp_reached_at, invested_reached_at, yield_reached_at)
    values (${address}, ${fresh.xp}, ${fresh.level}, ${fresh.water}, ${fresh.waterDay},
            ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (address) do nothing`);
}

/** The player's row, created on first sight. */
export async function loadPlayer(db: Executor, address: string, now: Date): Promise<PlayerRow> {
  const select = sql`
    select address, xp, level, water, water_day, display_name, avatar from players where address = ${address}`;
  let [row] = await queryRows<RawPlayer>(db, select);
  if (!row) {
    await ensurePlayer(db, address, now);
    [row] = await queryRows<RawPlayer>(db, select);
  }
  if (!row) throw new Error(`player ${address} could not be created`);
  return toPlayer(row);
}
