import type { WaterResponse } from "@farm/core";
import {
  addSeasonXpSql,
  archiveSeasonSql,
  assertHoldsCrop,
  currentWaterSql,
  deriveCropStage,
  type InvoiceStatusName,
  levelForXp,
  levelSql,
  newPlayer,
  type PlayerState,
  progressBoards,
  progressBoardsSql,
  recordWateringDay,
  recordWateringDaySql,
  seasonOf,
  storeBoardsSql,
  unlockAchievementsSql,
  utcDay,
  WATER_COST,
  waterableSql,
  waterCrop,
  XP_PER_WATERING,
} from "@farm/core";
import { sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";
import { AppError, notFound } from "../../errors";
import { applyRule } from "../../errors/game-rules";
import { type BoardsRow, boardsOf } from "./boards";

/** One watering asked for: the wallet and the crop (an invoice's token id). */
export interface WateringRequest {
  address: string;
  tokenId: bigint;
}

/** The two clocks of a watering: the chain's decides the crop's stage, the server's the UTC day and the timestamps. */
export interface WateringClock {
  chainNow: Date;
  wallNow: Date;
}

/** What the statement read about one request's crop and player, and what it changed (new_* null when nothing). */
interface WateringRow extends Partial<BoardsRow> {
  idx: number;
  status: InvoiceStatusName | null;
  funded_at: Date | string | null;
  maturity: Date | string | null;
  grace_days: number | null;
  shares: string;
  has_harvested: boolean;
  watered_today: boolean;
  lost_race: boolean;
  xp: number | null;
  level: number | null;
  water: number | null;
  water_day: number | null;
  new_xp: number | null;
  new_level: number | null;
  new_water: number | null;
  address: string;
  /** The wallet's streak and quests before the batch (the locked row), for the answer's streak and quests. */
  streak: number | null;
  best_streak: number | null;
  streak_day: number | null;
  /** XP the quests and chores the batch completed gave the wallet, on its last claimed row only. */
  boards_xp: number | null;
  /** The wallet's waterings claimed up to this one; on its last claimed row, all it claimed in the batch. */
  claimed: number | null;
  last_claim: boolean;
  /** Achievements the batch unlocked for the wallet, on its last claimed row only. */
  unlocked: string[] | null;
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Applies a batch of waterings (distinct wallet-crop pairs) in ONE statement, each as if alone and in the batch's
 * order. The statement locks the batch's player rows in address order (so concurrent batches, from this instance or
 * another, queue instead of deadlocking) and reads their latest water; a wallet's k-th eligible watering in the batch
 * goes through only when its tank holds 10·k water. The watering row is claimed with ON CONFLICT DO NOTHING, which sees
 * a concurrent batch's committed watering of the same crop that the statement's snapshot missed: that request lost
 * the race and gets no XP. Players are credited only for the waterings actually claimed. The crop condition is the SQL
 * form of `isWaterableCrop` on the chain's clock (10 GOLD of shares held or more; seed, growing, ripe or wilting).
 * Every rule's SQL comes from its module in @farm/core, beside its TypeScript form.
 */

const wateringBatchStatement = preparedStatement<
  {
    requests: string;
    day: number;
    season: string;
    chainNow: string;
    wallNow: string;
  },
  WateringRow
>(
  "farm_game_water_batch_v10",
  ({ requests, day, season, chainNow, wallNow }) => sql`
      with req as (
        select r.idx, r.address, r.token_id
        from json_to_recordset(${requests}::json) as r(idx int, address text, token_id numeric)
      ), facts as (
        select req.idx, req.address, req.token_id, i.status, i.funded_at, i.maturity, i.grace_days,
          coalesce(p.shares, 0)::text as shares, h.hit is not null as has_harvested,
          w.hit is not null as watered_today,
          ${waterableSql(sql, sql`coalesce(p.shares, 0)`, sql`i`, sql`${chainNow}::timestamptz`)} as waterable
        from req
        -- Lateral lookups with a LIMIT (never flattened into joins) keep every probe an index lookup whatever the
        -- planner guesses of the batch's size or the tables' statistics.
        left join lateral (select c.* from chain_invoices c where c.token_id = req.token_id limit 1) i on true
        left join lateral (select c.shares from chain_positions c
                           where c.token_id = req.token_id and c.holder = req.address limit 1) p on true
        left join lateral (select true as hit from chain_harvests
                           where token_id = req.token_id and holder = req.address limit 1) h on true
        left join lateral (select true as hit from waterings
                           where address = req.address and token_id = req.token_id and day = ${day}::int limit 1) w
          on true
      ), locked as (
        select address, xp, level, water, water_day, ${currentWaterSql(sql, day)} as water_now,
          streak, streak_day, best_streak, waterings_count, plantings_count, harvests_count, commodities_count, quest_days,
          quest_day, quest_ids, quest_progress, quest_xp, chore_week, chore_ids, chore_progress, chore_xp,
          season, season_xp, season_reached_at
        from players
        where address = any (array(select distinct address from req))
        order by address
        for no key update
      ), ranked as (
        select f.idx, f.address, f.token_id, l.water_now,
          f.waterable and not f.watered_today and l.address is not null as eligible,
          sum(case when f.waterable and not f.watered_today then 1 else 0 end)
            over (partition by f.address order by f.idx rows between unbounded preceding and current row) as wanted
        from facts f left join locked l on l.address = f.address
      ), claimed as (
        insert into waterings (address, token_id, day, xp_gained, watered_at)
        select address, token_id, ${day}::int, ${XP_PER_WATERING}::int, ${chainNow}::timestamptz
        from ranked
        where eligible and wanted * ${WATER_COST}::int <= water_now
        on conflict do nothing
        returning address, token_id
      ), claim_count as (
        select address, count(*)::int as n, count(*)::int as water_n, 0 as plant_n, 0 as harvest_n,
          ${XP_PER_WATERING}::int * count(*)::int as xp_gain
        from claimed group by address
      ), board_old as (
        -- The boards' columns only (and the streak's day under another name): the SET clauses below name the players
        -- row's other columns unqualified.
        select address, quest_day, quest_ids, quest_progress, quest_xp, chore_week, chore_ids, chore_progress, chore_xp,
          streak_day as old_streak_day
        from locked
      ), claimed_ranked as (
        select r.idx, r.address, row_number() over (partition by r.address order by r.idx)::int as rank
        from claimed c join ranked r on r.address = c.address and r.token_id = c.token_id
      ), spend as (
        update players set
          water = ${currentWaterSql(sql, day)} - ${WATER_COST}::int * c.n,
          water_day = ${day}::int,
          xp = players.xp + ${XP_PER_WATERING}::int * c.n + boards_xp.xp,
          level = ${levelSql(sql, sql`players.xp + ${XP_PER_WATERING}::int * c.n + boards_xp.xp`)},
          xp_reached_at = ${wallNow}::timestamptz,
          updated_at = ${wallNow}::timestamptz,
          -- The streak moves once per UTC day; the day's first batch moves it.
          ${recordWateringDaySql(sql, day)},
          waterings_count = waterings_count + c.n,
          ${storeBoardsSql(sql)},
          ${addSeasonXpSql(sql, season, sql`c.xp_gain + boards_xp.xp`, wallNow)}
        from claim_count c join board_old b on b.address = c.address
          ${progressBoardsSql(sql, "b", day, season, {
            water: sql`c.water_n`,
            // The day's first watering: the streak's day had not reached it yet.
            waterDay: sql`(case when coalesce(b.old_streak_day, -1) < ${day}::int then 1 else 0 end)`,
          })}
        -- The list of addresses is an index condition on its own, so the rows are found by key whatever the join.
        where players.address = c.address and players.address = any (array(select address from claim_count))
        returning players.address, players.streak, players.best_streak, players.level, players.waterings_count,
          players.plantings_count, players.harvests_count, players.commodities_count, players.quest_days,
          boards_xp.xp as boards_xp
      ), unlocked as (
        ${unlockAchievementsSql(sql, sql`spend`, wallNow, sql`locked`)}
      ), season_archive as (
        ${archiveSeasonSql(sql, sql`(select l.* from locked l join claim_count c on c.address = l.address)`, season)}
      ), outcome as (
        -- The quests' and chores' XP comes with the wallet's last watering of the batch.
        select cr.idx, cr.address, cr.rank, x.boards_xp,
          l.xp + ${XP_PER_WATERING}::int * cr.rank + x.boards_xp as new_xp,
          l.water_now - ${WATER_COST}::int * cr.rank as new_water
        from claimed_ranked cr join locked l on l.address = cr.address join claim_count cc on cc.address = cr.address
          cross join lateral (select (case when cr.rank = cc.n
            then coalesce((select s.boards_xp from spend s where s.address = cr.address), 0) else 0 end) as boards_xp) x
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select address, reached, ${chainNow}::timestamptz from outcome,
          generate_series(${levelSql(sql, sql`new_xp - ${XP_PER_WATERING}::int - boards_xp`)} + 1,
            ${levelSql(sql, sql`new_xp`)}) as reached
      ), last_claim as (
        select address, max(idx) as idx from claimed_ranked group by address
      ), unlocked_by as (
        select address, array_agg(achievement_id order by achievement_id) as ids from unlocked group by address
      )
      select f.idx, f.status, f.funded_at, f.maturity, f.grace_days, f.shares, f.has_harvested, f.watered_today,
        coalesce(r.eligible and r.wanted * ${WATER_COST}::int <= r.water_now and o.idx is null, false) as lost_race,
        l.xp, l.level, l.water, l.water_day,
        o.new_xp, ${levelSql(sql, sql`o.new_xp`)} as new_level, o.new_water,
        f.address, l.streak, l.best_streak, l.streak_day, l.quest_day, l.quest_ids, l.quest_progress, l.quest_xp,
        l.chore_week, l.chore_ids, l.chore_progress, l.chore_xp, o.rank as claimed, o.boards_xp,
        lc.idx is not null as last_claim, ub.ids as unlocked
      from facts f
      left join locked l on l.address = f.address
      left join ranked r on r.idx = f.idx
      left join outcome o on o.idx = f.idx
      left join last_claim lc on lc.idx = f.idx
      left join unlocked_by ub on ub.address = lc.address
      order by f.idx`,
);

/**
 * Runs one batch statement; rows come back in the order of `requests`. The pairs must be distinct: a crop twice in one
 * batch would be judged against the same snapshot.
 */
export async function runWateringBatch(
  db: Executor,
  requests: readonly WateringRequest[],
  clock: WateringClock,
): Promise<WateringRow[]> {
  const pairs = new Set(requests.map((request) => `${request.address}:${request.tokenId}`));
  if (pairs.size !== requests.length) throw new Error("a watering batch must not hold the same crop twice");
  const day = utcDay(clock.wallNow);
  return wateringBatchStatement(db, {
    requests: JSON.stringify(
      requests.map((request, idx) => ({
        idx,
        address: request.address,
        token_id: request.tokenId.toString(),
      })),
    ),
    day,
    season: seasonOf(clock.wallNow).id,
    chainNow: clock.chainNow.toISOString(),
    wallNow: clock.wallNow.toISOString(),
  });
}

/** Why the rules refuse this move, from what the statement read; null when they allow it. */
function ruleRefusal(row: WateringRow, tokenId: bigint, clock: WateringClock): AppError | null {
  if (row.status === null) return notFound(`There is no invoice ${tokenId}`);
  const shares = BigInt(row.shares);
  const stage = deriveCropStage(
    {
      status: row.status,
      fundedAt: toDate(row.funded_at),
      maturity: toDate(row.maturity),
      shares,
      hasHarvested: row.has_harvested,
      graceDays: row.grace_days,
    },
    clock.chainNow,
  );
  const player: PlayerState =
    row.xp === null
      ? newPlayer(clock.wallNow)
      : { xp: row.xp, level: row.level ?? 1, water: row.water ?? 0, waterDay: row.water_day ?? 0 };
  try {
    applyRule(() => {
      assertHoldsCrop({ shares, hasHarvested: row.has_harvested }, tokenId);
      waterCrop(player, { type: "waterCrop", stage, shares, wateredToday: row.watered_today }, clock.wallNow);
    });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return null;
}

/** The streak after the batch: core's recordWateringDay on the row the statement locked (its SQL form stored it). */
const streakAfter = (row: WateringRow, clock: WateringClock) =>
  recordWateringDay(
    { current: row.streak ?? 0, best: row.best_streak ?? 0, lastDay: row.streak_day },
    { type: "recordWateringDay" },
    clock.wallNow,
  );

/** The quests and chores the batch completed: core's progressBoards on the locked row with its claimed waterings. */
const boardsAfter = (row: WateringRow, clock: WateringClock) =>
  progressBoards(
    boardsOf(row as BoardsRow),
    {
      water: row.claimed ?? 0,
      waterDay: (row.streak_day ?? -1) < utcDay(clock.wallNow) ? 1 : 0,
    },
    utcDay(clock.wallNow),
    seasonOf(clock.wallNow).id,
  );

/** What one request of a batch came to. */
export type WateringOutcome =
  | { kind: "watered"; response: WaterResponse }
  | { kind: "refused"; error: AppError }
  /** The wallet has no player row yet: create it (full tank) and try again. */
  | { kind: "newPlayer" };

/** Reads one request's row of a batch as the answer the API gives. */
export function wateringOutcome(row: WateringRow, tokenId: bigint, clock: WateringClock): WateringOutcome {
  if (row.new_xp !== null && row.new_level !== null && row.new_water !== null) {
    const xpGained = XP_PER_WATERING + (row.boards_xp ?? 0);
    const boards = row.last_claim ? boardsAfter(row, clock) : null;
    return {
      kind: "watered",
      response: {
        xpGained,
        waterRemaining: row.new_water,
        xp: row.new_xp,
        level: row.new_level,
        leveledUp: levelForXp(row.new_xp - xpGained) < row.new_level,
        streak: streakAfter(row, clock).current,
        achievementsUnlocked: row.unlocked ?? [],
        questsCompleted: boards?.questsCompleted ?? [],
        choresCompleted: boards?.choresCompleted ?? [],
      },
    };
  }
  const refusal = ruleRefusal(row, tokenId, clock);
  if (refusal !== null) return { kind: "refused", error: refusal };
  if (row.xp === null) return { kind: "newPlayer" };
  if (row.lost_race)
    return {
      kind: "refused",
      error: new AppError(
        409,
        "ALREADY_WATERED_TODAY",
        "This crop was already watered today; try again after 00:00 UTC",
      ),
    };
  // The rules allow it on the player's latest tank, so the batch's earlier waterings of this wallet spent the water.
  return {
    kind: "refused",
    error: new AppError(
      422,
      "NOT_ENOUGH_WATER",
      `watering needs ${WATER_COST} water and your other waterings just used it up; the tank refills at 00:00 UTC`,
    ),
  };
}
