import type { SqlTag } from "../sql-tag";
import { CHORE_POOL, type ChoreKind, daysLeftInWeek, drawWeeklyChores, WEEKLY_CHORE_COUNT } from "./chores";
import { DAILY_QUEST_COUNT, drawDailyQuests, QUEST_POOL, type QuestFacts, type QuestKind } from "./quests";
import { assertCounts, moveBoard, moveBoardSql } from "./task-board";

// The daily quests and the weekly chores of a player as its row keeps them, drawn once (the day's first read, the
// week's first read) and moved by events; each completed task gives a little XP under a hard cap (decision 0059).

/** XP for each completed daily quest and weekly chore. */
export const XP_PER_QUEST = 10;
export const XP_PER_CHORE = 30;
/** The most XP quests give in one UTC day, and chores in one season (ISO week): whatever happens. */
export const DAILY_QUEST_XP_CAP = DAILY_QUEST_COUNT * XP_PER_QUEST;
export const WEEKLY_CHORE_XP_CAP = WEEKLY_CHORE_COUNT * XP_PER_CHORE;

export interface QuestBoard {
  /** UTC day of the draw (-1 before any). */
  day: number;
  ids: readonly string[];
  progress: readonly number[];
  /** XP the day's quests gave so far. */
  xp: number;
}
export interface ChoreBoard {
  /** Season id (ISO week) of the draw ("" before any). */
  week: string;
  ids: readonly string[];
  progress: readonly number[];
  xp: number;
}
export interface Boards {
  quests: QuestBoard;
  chores: ChoreBoard;
}

export const NO_BOARDS: Boards = {
  quests: { day: -1, ids: [], progress: [0, 0, 0], xp: 0 },
  chores: { week: "", ids: [], progress: [0, 0, 0, 0, 0], xp: 0 },
};

/** Events at once. waterDay: 1 for the first watering of the UTC day (the streak's day moved), else 0. */
export type BoardCounts = Partial<Readonly<Record<QuestKind | ChoreKind, number>>>;

/** Whether the stored quest board is the one of `day` (drawn that day). */
export const questsLive = (board: QuestBoard, day: number) =>
  board.day === day && board.ids.length === DAILY_QUEST_COUNT;
/** Whether the stored chore board is the one of the season `week`. */
export const choresLive = (board: ChoreBoard, week: string) =>
  board.week === week && board.ids.length === WEEKLY_CHORE_COUNT;

/**
 * The boards at a read on `day` of season `week`: a board of an earlier day (week) is replaced by a draw from `facts`,
 * with no progress and no XP yet; a live one stays whatever the facts are now; a later one (a clock that went back)
 * stays too: boards never move back.
 */
export function drawBoards(
  boards: Boards,
  address: string,
  facts: QuestFacts,
  day: number,
  week: string,
): Boards {
  const newQuests = boards.quests.day < day || (boards.quests.day === day && boards.quests.ids.length === 0);
  const newChores =
    boards.chores.week < week || (boards.chores.week === week && boards.chores.ids.length === 0);
  return {
    quests: newQuests
      ? {
          day,
          ids: drawDailyQuests(address, day, facts).map((quest) => quest.id),
          progress: [0, 0, 0],
          xp: 0,
        }
      : boards.quests,
    chores: newChores
      ? {
          week,
          ids: drawWeeklyChores(address, week, { ...facts, daysLeft: daysLeftInWeek(day) }).map((c) => c.id),
          progress: [0, 0, 0, 0, 0],
          xp: 0,
        }
      : boards.chores,
  };
}

export interface BoardsMoved {
  boards: Boards;
  questsCompleted: string[];
  choresCompleted: string[];
  /** These events completed the day's last open quest (quest_days + 1, and a day for the quest-days chores). */
  dayCompleted: boolean;
  /** XP the completions gave, within the caps. */
  xp: number;
}

const padded = (progress: readonly number[], slots: number) =>
  Array.from({ length: slots }, (_, i) => progress[i] ?? 0);

/** Moves the live boards by the events and gives each completion its XP up to the day's and the week's cap. */
export function progressBoards(boards: Boards, counts: BoardCounts, day: number, week: string): BoardsMoved {
  assertCounts(counts);
  let { quests, chores } = boards;
  let questsCompleted: string[] = [];
  let choresCompleted: string[] = [];
  let dayCompleted = false;
  let xp = 0;
  if (questsLive(quests, day)) {
    const moved = moveBoard(QUEST_POOL, quests, counts);
    const reward = Math.min(
      XP_PER_QUEST * moved.completed.length,
      Math.max(0, DAILY_QUEST_XP_CAP - quests.xp),
    );
    quests = { ...quests, progress: padded(moved.progress, DAILY_QUEST_COUNT), xp: quests.xp + reward };
    questsCompleted = moved.completed;
    dayCompleted = moved.allCompleted;
    xp += reward;
  }
  if (choresLive(chores, week)) {
    const moved = moveBoard(CHORE_POOL, chores, { ...counts, questDay: dayCompleted ? 1 : 0 });
    const reward = Math.min(
      XP_PER_CHORE * moved.completed.length,
      Math.max(0, WEEKLY_CHORE_XP_CAP - chores.xp),
    );
    chores = { ...chores, progress: padded(moved.progress, WEEKLY_CHORE_COUNT), xp: chores.xp + reward };
    choresCompleted = moved.completed;
    xp += reward;
  }
  return { boards: { quests, chores }, questsCompleted, choresCompleted, dayCompleted, xp };
}

/**
 * progressBoards in SQL: FROM items over the players row `row` (its old values) giving `bq.progress`, `bq.xp`
 * (reward), `bq.day_done`, `bc.progress`, `bc.xp`, and `boards_xp` (both rewards); each kind's count an expression.
 */
export function progressBoardsSql<S>(
  q: SqlTag<S>,
  row: string,
  day: unknown,
  week: unknown,
  counts: Partial<Record<QuestKind | ChoreKind, S>>,
): S {
  const r = q.raw(row);
  const quests = moveBoardSql(
    q,
    QUEST_POOL,
    { ids: `${row}.quest_ids`, progress: `${row}.quest_progress` },
    DAILY_QUEST_COUNT,
    counts,
    "bq_moved",
  );
  const chores = moveBoardSql(
    q,
    CHORE_POOL,
    { ids: `${row}.chore_ids`, progress: `${row}.chore_progress` },
    WEEKLY_CHORE_COUNT,
    { ...counts, questDay: q`(case when bq.day_done then 1 else 0 end)` },
    "bc_moved",
  );
  const liveQ = q`(${r}.quest_day = ${day}::int and cardinality(${r}.quest_ids) = ${q.raw(String(DAILY_QUEST_COUNT))})`;
  const liveC = q`(${r}.chore_week = ${week}::text and cardinality(${r}.chore_ids) = ${q.raw(String(WEEKLY_CHORE_COUNT))})`;
  return q`${quests}
    cross join lateral (select
      (case when ${liveQ} then bq_moved.progress else ${r}.quest_progress end) as progress,
      (case when ${liveQ} then least(${q.raw(String(XP_PER_QUEST))} * bq_moved.completed,
        greatest(0, ${q.raw(String(DAILY_QUEST_XP_CAP))} - ${r}.quest_xp)) else 0 end) as xp,
      coalesce(${liveQ} and bq_moved.all_completed, false) as day_done offset 0) bq
    ${chores}
    cross join lateral (select
      (case when ${liveC} then bc_moved.progress else ${r}.chore_progress end) as progress,
      (case when ${liveC} then least(${q.raw(String(XP_PER_CHORE))} * bc_moved.completed,
        greatest(0, ${q.raw(String(WEEKLY_CHORE_XP_CAP))} - ${r}.chore_xp)) else 0 end) as xp offset 0) bc
    cross join lateral (select bq.xp + bc.xp as xp offset 0) boards_xp`;
}

/** SET clauses storing progressBoardsSql's answer on the players row (after `row`'s old values). */
export function storeBoardsSql<S>(q: SqlTag<S>): S {
  return q`quest_progress = bq.progress,
    quest_xp = players.quest_xp + bq.xp,
    quest_days = players.quest_days + (case when bq.day_done then 1 else 0 end),
    chore_progress = bc.progress,
    chore_xp = players.chore_xp + bc.xp`;
}

/** A PostgreSQL array literal of task ids (core's ids: letters, digits and dashes only), as storeDrawnBoardsSql takes. */
export const boardIdsLiteral = (ids: readonly string[]): string => `{${ids.join(",")}}`;

/** What storeDrawnBoardsSql stores: values, or a prepared statement's placeholders for them. */
export interface DrawnBoardsValues {
  address: unknown;
  /** The day's quest ids drawn, as boardIdsLiteral writes them. */
  questIds: unknown;
  /** The week's chore ids drawn, as boardIdsLiteral writes them. */
  choreIds: unknown;
  /** The UTC day number. */
  day: unknown;
  /** The week's season id. */
  week: unknown;
}

/**
 * drawBoards in SQL: the UPDATE storing a draw made from the facts of this read, only over a board still to draw
 * (the row's WHERE and each column's CASE are judged on the latest row, so of two first reads at once the second
 * stores nothing and both then read the first one's draw). Returns the boards stored, none when another read drew.
 * Every value is a parameter, so the statement's text is the same for every draw (a prepared statement).
 */
export function storeDrawnBoardsSql<S>(q: SqlTag<S>, v: DrawnBoardsValues): S {
  const { address, questIds, choreIds, day, week } = v;
  const needQ = q`(players.quest_day < ${day}::int or (players.quest_day = ${day}::int and cardinality(players.quest_ids) = 0))`;
  const needC = q`(players.chore_week < ${week}::text
    or (players.chore_week = ${week}::text and cardinality(players.chore_ids) = 0))`;
  const when = (need: S, value: S, column: string) =>
    q`case when ${need} then ${value} else ${q.raw(`players.${column}`)} end`;
  return q`update players set
      quest_day = ${when(needQ, q`${day}::int`, "quest_day")},
      quest_ids = ${when(needQ, q`${questIds}::text[]`, "quest_ids")},
      quest_progress = ${when(needQ, q`'{0,0,0}'::int[]`, "quest_progress")},
      quest_xp = ${when(needQ, q`0`, "quest_xp")},
      chore_week = ${when(needC, q`${week}::text`, "chore_week")},
      chore_ids = ${when(needC, q`${choreIds}::text[]`, "chore_ids")},
      chore_progress = ${when(needC, q`'{0,0,0,0,0}'::int[]`, "chore_progress")},
      chore_xp = ${when(needC, q`0`, "chore_xp")}
    where players.address = ${address}::text and (${needQ} or ${needC})
    returning quest_day, quest_ids, quest_progress, quest_xp, chore_week, chore_ids, chore_progress, chore_xp`;
}

/** A task of a board with its progress, as the API shows it. */
export interface TaskProgress<K extends string = string> {
  id: string;
  kind: K;
  target: number;
  progress: number;
  completed: boolean;
}

const view = <K extends string>(
  pool: readonly { id: string; kind: K; target: number }[],
  ids: readonly string[],
  progress: readonly number[],
): TaskProgress<K>[] =>
  ids.flatMap((id, slot) => {
    const task = pool.find((candidate) => candidate.id === id);
    if (!task) return [];
    const done = Math.min(task.target, progress[slot] ?? 0);
    return [{ ...task, progress: done, completed: done >= task.target }];
  });

/** The day's quests with their progress: none when the stored board is another day's (quests never carry over). */
export const questsOfDay = (boards: Boards, day: number): TaskProgress<QuestKind>[] =>
  questsLive(boards.quests, day) ? view(QUEST_POOL, boards.quests.ids, boards.quests.progress) : [];

/** The week's chores with their progress: none when the stored board is another week's. */
export const choresOfWeek = (boards: Boards, week: string): TaskProgress<ChoreKind>[] =>
  choresLive(boards.chores, week) ? view(CHORE_POOL, boards.chores.ids, boards.chores.progress) : [];
