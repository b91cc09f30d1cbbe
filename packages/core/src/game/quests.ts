import { utcDay } from "./day";
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

/** Progress of one daily quest. */
export interface QuestProgress {
  id: string;
  kind: QuestKind;
  target: number;
  progress: number;
  /** When the progress first reached the target; never cleared. */
  completedAt: Date | null;
}

export interface DailyQuestsState {
  /** UTC day number the quests belong to. */
  day: number;
  quests: QuestProgress[];
}

export interface QuestEvent {
  type: "questEvent";
  kind: QuestKind;
  /** Events of that kind at once (a batch of waterings); a positive whole number. */
  count: number;
}

/** Today's quests, drawn fresh when the state is of an earlier day (quests never carry over). */
export function questsForDay(state: DailyQuestsState | null, address: string, now: Date): DailyQuestsState {
  const day = utcDay(now);
  if (state && state.day === day) return state;
  if (state && state.day > day)
    throw new GameRuleError("CLOCK_WENT_BACKWARDS", "quests of a later day cannot be moved back");
  return {
    day,
    quests: drawDailyQuests(address, day).map((quest) => ({ ...quest, progress: 0, completedAt: null })),
  };
}

/** Moves the day's quests of the event's kind; progress stops at the target, completion is stamped once. */
export function progressQuests(
  state: DailyQuestsState | null,
  address: string,
  event: QuestEvent,
  now: Date,
): DailyQuestsState {
  if (!Number.isInteger(event.count) || event.count <= 0)
    throw new GameRuleError("UNKNOWN_QUEST", `a quest event counts whole events, got ${event.count}`);
  const today = questsForDay(state, address, now);
  return {
    day: today.day,
    quests: today.quests.map((quest) => {
      if (quest.kind !== event.kind || quest.completedAt !== null) return quest;
      const progress = Math.min(quest.target, quest.progress + event.count);
      return { ...quest, progress, completedAt: progress >= quest.target ? now : null };
    }),
  };
}

/** The definition of a quest id, or a refusal for an id not in the pool. */
export function questDefinition(id: string): QuestDefinition {
  const quest = QUEST_POOL.find((candidate) => candidate.id === id);
  if (!quest) throw new GameRuleError("UNKNOWN_QUEST", `there is no quest ${id}`);
  return quest;
}
