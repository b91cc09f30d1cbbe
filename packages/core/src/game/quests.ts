import type { SqlTag } from "../sql-tag";
import { GameRuleError } from "./errors";

/** What moves a quest: a watering, a verified planting, a harvest. */
export type QuestKind = "water" | "plant" | "harvest";

export interface QuestDefinition {
  id: string;
  kind: QuestKind;
  /** Events of its kind on the quest's UTC day that complete it. */
  target: number;
}

/** The pool the three daily quests are drawn from. Quests reward nothing but the tick: never money, never XP. */
export const QUEST_POOL = [
  { id: "water-1", kind: "water", target: 1 },
  { id: "water-2", kind: "water", target: 2 },
  { id: "water-3", kind: "water", target: 3 },
  { id: "water-5", kind: "water", target: 5 },
  { id: "plant-1", kind: "plant", target: 1 },
  { id: "plant-2", kind: "plant", target: 2 },
  { id: "harvest-1", kind: "harvest", target: 1 },
] as const satisfies readonly QuestDefinition[];
export type QuestId = (typeof QUEST_POOL)[number]["id"];
export const QUEST_IDS = QUEST_POOL.map((quest) => quest.id) as [QuestId, ...QuestId[]];

export const DAILY_QUEST_COUNT = 3;

/** FNV-1a, 32 bits: a stable hash of the seed text on every platform. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small seeded generator, so a draw is the same in the backend, the apps and the tests. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The player's three quests of a UTC day: a reproducible draw seeded by the address (any case) and the day. */
export function drawDailyQuests(address: string, day: number): QuestDefinition[] {
  const random = mulberry32(fnv1a(`${address.toLowerCase()}:${day}`));
  const pool: QuestDefinition[] = [...QUEST_POOL];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, DAILY_QUEST_COUNT);
}

/** Today's quest progress as the players row stores it: slot i counts the i-th quest of `day`'s draw. */
export interface QuestSlots {
  day: number;
  progress: readonly number[];
}

/** Progress of one of the day's quests. */
export interface QuestProgress extends QuestDefinition {
  progress: number;
  completed: boolean;
}

/** The day's quests with their progress: stored progress of that day, none for another day (quests never carry over). */
export function questsForDay(stored: QuestSlots | null, address: string, day: number): QuestProgress[] {
  const progress = stored?.day === day ? stored.progress : [];
  return drawDailyQuests(address, day).map((quest, slot) => {
    const done = Math.min(quest.target, progress[slot] ?? 0);
    return { ...quest, progress: done, completed: done >= quest.target };
  });
}

/** Events of each kind at once (a batch of waterings, a block's plantings): whole numbers, 0 or more. */
export type QuestCounts = Readonly<Record<QuestKind, number>>;

export interface QuestsMoved {
  slots: QuestSlots;
  /** Quests these events completed, in draw order. */
  completed: string[];
  /** These events completed the day's last open quest (the day counts for quest-day). */
  dayCompleted: boolean;
}

const allDone = (quests: readonly QuestDefinition[], progress: readonly number[]) =>
  quests.every((quest, slot) => (progress[slot] ?? 0) >= quest.target);

/**
 * Moves the player's quests of `day` by the events: progress stops at each target, each quest completes once. Events
 * of a day before the stored one (a clock that went back) move nothing: that day's quests are gone and the stored
 * day's are not theirs.
 */
export function progressQuests(
  stored: QuestSlots,
  address: string,
  counts: QuestCounts,
  day: number,
): QuestsMoved {
  for (const count of Object.values(counts))
    if (!Number.isInteger(count) || count < 0)
      throw new GameRuleError("UNKNOWN_QUEST", `a quest event counts whole events, got ${count}`);
  if (stored.day > day) return { slots: stored, completed: [], dayCompleted: false };
  const quests = drawDailyQuests(address, day);
  const before = quests.map((_, slot) => (stored.day === day ? (stored.progress[slot] ?? 0) : 0));
  const after = quests.map((quest, slot) => Math.min(quest.target, before[slot]! + counts[quest.kind]));
  return {
    slots: { day, progress: after },
    completed: quests
      .filter((quest, slot) => before[slot]! < quest.target && after[slot]! >= quest.target)
      .map((quest) => quest.id),
    dayCompleted: allDone(quests, after) && !allDone(quests, before),
  };
}

// The SQL form. The statements get each wallet's draw as input (nothing random runs in SQL) and move the players
// row's quest_day / quest_progress / quest_days, joined with that input `q` and the event counts `c` (water_n, plant_n,
// harvest_n).

/** The day's draw of each wallet, in draw order, as JSON for the statements: [{address, ids[3], kinds[3], targets[3]}]. */
export function drawnQuestsJson(addresses: Iterable<string>, day: number): string {
  return JSON.stringify(
    [...new Set(addresses)].map((address) => {
      const quests = drawDailyQuests(address, day);
      return {
        address,
        ids: quests.map((quest) => quest.id),
        kinds: quests.map((quest) => quest.kind),
        targets: quests.map((quest) => quest.target),
      };
    }),
  );
}

/** The columns of drawnQuestsJson's rows, for json_to_recordset. */
export const QUEST_INPUT_COLUMNS = "(address text, ids text[], kinds text[], targets int[])";

const QUEST_SLOTS = Array.from({ length: DAILY_QUEST_COUNT }, (_, i) => i + 1);

/** progressQuests in SQL for the players row `row` ("players" in an UPDATE's SET: the old values). The answer's
 *  `completed` is progressQuests itself, run on the row the statement locked. */
function questSql<S>(q: SqlTag<S>, row: string, day: unknown) {
  const r = q.raw(row);
  const slot = (i: number) => q.raw(String(i));
  const before = (i: number) =>
    q`(case when ${r}.quest_day = ${day}::int then ${r}.quest_progress[${slot(i)}] else 0 end)`;
  const after = (i: number) => q`least(q.targets[${slot(i)}], ${before(i)}
    + (case q.kinds[${slot(i)}] when 'water' then c.water_n when 'plant' then c.plant_n when 'harvest' then c.harvest_n
       else 0 end))`;
  const done = (progress: (i: number) => S) =>
    q.join(
      QUEST_SLOTS.map((i) => q`${progress(i)} >= q.targets[${slot(i)}]`),
      q` and `,
    );
  const moves = q`${r}.quest_day <= ${day}::int`;
  return { before, after, done, moves };
}

/** SET clauses of progressQuests: the day's progress, its day, and quest_days + 1 when the events complete the third. */
export function progressQuestsSql<S>(q: SqlTag<S>, day: unknown): S {
  const { before, after, done, moves } = questSql(q, "players", day);
  return q`quest_progress = (case when ${moves} then array[${q.join(QUEST_SLOTS.map(after), q`, `)}]
      else players.quest_progress end),
    quest_day = greatest(players.quest_day, ${day}::int),
    quest_days = quest_days + (case when ${moves} and (${done(after)}) and not (${done(before)}) then 1 else 0 end)`;
}

/** The definition of a quest id, or a refusal for an id not in the pool. */
export function questDefinition(id: string): QuestDefinition {
  const quest = QUEST_POOL.find((candidate) => candidate.id === id);
  if (!quest) throw new GameRuleError("UNKNOWN_QUEST", `there is no quest ${id}`);
  return quest;
}
