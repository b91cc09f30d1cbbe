import { GameRuleError } from "./errors";
import type { QuestFacts, VisitPlace } from "./quests";
import { drawTasks, type TaskDefinition, type TaskOption } from "./task-board";

/**
 * What moves a chore: waterings, the first watering of each UTC day ("waterDay"), a day whose three quests were all
 * completed ("questDay"), harvests and visits.
 */
export type ChoreKind = "water" | "waterDay" | "questDay" | "harvest" | VisitPlace;
export type ChoreDefinition = TaskDefinition<ChoreKind>;

/** What the player can do this week: today's facts and the UTC days left in the week, today included (1..7). */
export interface ChoreFacts extends QuestFacts {
  daysLeft: number;
}

type ChoreOption = TaskOption<ChoreKind, ChoreFacts>;

const onDays = (
  id: string,
  kind: ChoreKind,
  target: number,
  needs: (facts: ChoreFacts) => boolean,
): ChoreOption => ({
  id: `${id}-${target}`,
  kind,
  target,
  tier: 0,
  possible: (facts) => target <= facts.daysLeft && needs(facts),
});
const once = (
  kind: VisitPlace | "harvest",
  possible: (facts: ChoreFacts) => boolean = () => true,
): ChoreOption => ({
  id: `${kind}-week`,
  kind,
  target: 1,
  tier: 1,
  possible,
});
const hasWater = (facts: ChoreFacts) => facts.waterable >= 1;

/**
 * The weekly board's catalogue. A chore counting days asks no more days than the week has left; one counting
 * waterings no more than one a day per waterable plant. Five always possible, so every week has five.
 */
export const CHORE_OPTIONS: readonly ChoreOption[] = [
  ...[2, 3, 4].map((days) => onDays("water-days", "waterDay", days, hasWater)),
  ...[5, 10].map(
    (target): ChoreOption => ({
      id: `waterings-${target}`,
      kind: "water",
      target,
      tier: 0,
      possible: (facts) => facts.waterable >= 1 && target <= facts.waterable * facts.daysLeft,
    }),
  ),
  ...[1, 2, 3].map((days) => onDays("quest-days", "questDay", days, () => true)),
  ...[1, 3].map((days) => onDays("garden-days", "garden", days, () => true)),
  once("harvest", (facts) => facts.ripe >= 1),
  {
    id: "factsheets-3",
    kind: "factsheet",
    target: 3,
    tier: 1,
    possible: (facts) => facts.seeds >= 3,
  },
  once("factsheet", (facts) => facts.seeds >= 1),
  once("market"),
  once("leaderboard"),
  once("profile"),
];

export const CHORE_POOL: readonly ChoreDefinition[] = CHORE_OPTIONS.map(({ id, kind, target }) => ({
  id,
  kind,
  target,
}));
export const CHORE_IDS = [
  "water-days-2",
  "water-days-3",
  "water-days-4",
  "waterings-5",
  "waterings-10",
  "quest-days-1",
  "quest-days-2",
  "quest-days-3",
  "garden-days-1",
  "garden-days-3",
  "harvest-week",
  "factsheets-3",
  "factsheet-week",
  "market-week",
  "leaderboard-week",
  "profile-week",
] as const;
export type ChoreId = (typeof CHORE_IDS)[number];

export const WEEKLY_CHORE_COUNT = 5;

/** UTC days left in the season (ISO week) of `day`, that day included: 7 on Monday, 1 on Sunday. */
export function daysLeftInWeek(day: number): number {
  return 7 - ((((day + 3) % 7) + 7) % 7);
}

/** Whether the player can complete the chore from these facts. */
export function chorePossible(id: string, facts: ChoreFacts): boolean {
  return CHORE_OPTIONS.find((option) => option.id === id)?.possible(facts) ?? false;
}

/** The week's five chores: a reproducible draw from the address, the season id and the facts of the draw's day. */
export function drawWeeklyChores(address: string, season: string, facts: ChoreFacts): ChoreDefinition[] {
  return drawTasks(CHORE_OPTIONS, facts, `${address.toLowerCase()}:${season}:chores`, WEEKLY_CHORE_COUNT);
}

/** The definition of a chore id, or a refusal. */
export function choreDefinition(id: string): ChoreDefinition {
  const chore = CHORE_POOL.find((candidate) => candidate.id === id);
  if (!chore) throw new GameRuleError("UNKNOWN_QUEST", `there is no chore ${id}`);
  return chore;
}
