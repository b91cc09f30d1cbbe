import {
  type Boards,
  boardIdsLiteral,
  currentWaterSql,
  drawBoards,
  type QuestFacts,
  questFactsSql,
  seasonOf,
  storeDrawnBoardsSql,
  utcDay,
  WATER_COST,
} from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";
import { ensurePlayer } from "./players";

/** The two clocks a draw reads: the chain's for the crops' stages, the server's for the day (as a watering's). */
export interface DrawClock {
  chainNow: Date;
  wallNow: Date;
}

/** The boards' columns of a players row as the driver returns them. */
export interface BoardsRow {
  quest_day: number;
  quest_ids: string[];
  quest_progress: number[];
  quest_xp: number;
  chore_week: string;
  chore_ids: string[];
  chore_progress: number[];
  chore_xp: number;
}

export const BOARD_COLUMNS = sql.raw(
  "quest_day, quest_ids, quest_progress, quest_xp, chore_week, chore_ids, chore_progress, chore_xp",
);

export const boardsOf = (row: BoardsRow): Boards => ({
  quests: { day: row.quest_day, ids: row.quest_ids, progress: row.quest_progress, xp: row.quest_xp },
  chores: { week: row.chore_week, ids: row.chore_ids, progress: row.chore_progress, xp: row.chore_xp },
});

interface FactsRow {
  plants: number;
  crops_waterable: number;
  ripe: number;
  seeds: number;
  listing: boolean;
  water_now: number | null;
}

const factsOf = (row: FactsRow): QuestFacts => ({
  plants: row.plants,
  waterable: Math.min(row.crops_waterable, Math.floor((row.water_now ?? 0) / WATER_COST)),
  ripe: row.ripe,
  seeds: row.seeds,
  listing: row.listing,
});

/**
 * A player's stored boards and what it can do now (@farm/core questFactsSql, the crops capped by the tank's water),
 * in one prepared statement: a draw costs one round trip to read and one to store. No row: no player yet.
 */
const drawReadStatement = preparedStatement<
  { address: string; day: number; chainNow: string },
  BoardsRow & FactsRow
>(
  "farm_game_draw_read_v1",
  ({ address, day, chainNow }) =>
    sql`select ${BOARD_COLUMNS}, ${currentWaterSql(sql, day)} as water_now, f.*
      from players cross join lateral (${questFactsSql(sql, address, day, chainNow)}) f
      where players.address = ${address}`,
);

/** The draw's store (@farm/core storeDrawnBoardsSql), prepared: the day's first read of every player runs it. */
const storeDrawStatement = preparedStatement<
  { address: string; questIds: string; choreIds: string; day: number; week: string },
  BoardsRow
>("farm_game_draw_store_v1", (values) => storeDrawnBoardsSql<SQL>(sql, values));

const readDraw = async (db: Executor, address: string, clock: DrawClock) =>
  (
    await drawReadStatement(db, {
      address,
      day: utcDay(clock.wallNow),
      chainNow: clock.chainNow.toISOString(),
    })
  )[0];

/**
 * The player's boards of today and this week, drawn at the first read from what it can do then and stored on its
 * row (created with a full tank if new). Race-safe: the store only writes a board still to draw, judged on the latest
 * row, so two first reads at once both return the one draw stored.
 */
export async function ensureBoards(db: Executor, address: string, clock: DrawClock): Promise<Boards> {
  const day = utcDay(clock.wallNow);
  const week = seasonOf(clock.wallNow).id;
  let row = await readDraw(db, address, clock);
  if (!row) {
    await ensurePlayer(db, address, clock.wallNow);
    row = await readDraw(db, address, clock);
  }
  if (!row) throw new Error(`player ${address} could not be created`);
  const stored = boardsOf(row);
  const drawn = drawBoards(stored, address, factsOf(row), day, week);
  if (drawn.quests === stored.quests && drawn.chores === stored.chores) return stored;
  const [written] = await storeDrawStatement(db, {
    address,
    questIds: boardIdsLiteral(drawn.quests.ids),
    choreIds: boardIdsLiteral(drawn.chores.ids),
    day,
    week,
  });
  const latest = written ?? (await readDraw(db, address, clock));
  if (!latest) throw new Error(`player ${address} disappeared`);
  return boardsOf(latest);
}

/**
 * Remembers, per instance, the wallets whose boards of the day are known stored, so the watering path reads the
 * row only on a wallet's first watering of the day. Bounded: forgotten wholesale past `limit` entries.
 */
export class DrawnBoards {
  private readonly seen = new Set<string>();
  constructor(private readonly limit = 100_000) {}

  async ensure(db: Executor, address: string, wallNow: Date, chainNow: () => Promise<Date>): Promise<void> {
    const key = `${address}:${utcDay(wallNow)}`;
    if (this.seen.has(key)) return;
    await ensureBoards(db, address, { chainNow: await chainNow(), wallNow });
    if (this.seen.size >= this.limit) this.seen.clear();
    this.seen.add(key);
  }
}
