import type { SqlTag } from "../sql-tag";
import { type CropFacts, canHarvest, isWaterableCrop, waterableSql } from "./crop-stage";
import { GameRuleError } from "./errors";
import { holdingEarnsXp, MIN_PLANTING_FOR_XP } from "./planting-xp";
import { drawTasks, type TaskDefinition, type TaskOption } from "./task-board";
import { WATER_COST } from "./water";

/**
 * What moves a quest or a chore: a watering, a harvest, a visit to a place of the app (recorded by
 * POST /api/game/visits), and for chores the first watering of a day and a day of completed quests. "plant" only
 * moves quests stored before decision 0059: investing is never asked for.
 */
export const VISIT_PLACES = ["garden", "market", "leaderboard", "profile", "factsheet"] as const;
export type VisitPlace = (typeof VISIT_PLACES)[number];
export type QuestKind = "water" | "harvest" | VisitPlace | "plant";

export type QuestDefinition = TaskDefinition<QuestKind>;

/** What the player can do today, read at the day's first read (questFactsSql); the draw asks nothing beyond it. */
export interface QuestFacts {
  /** Crops with shares held. */
  plants: number;
  /** Waterings possible today: waterable crops (isWaterableCrop, no dust) not watered yet today, within the tank. */
  waterable: number;
  /** Crops of the planting minimum or more that can be harvested now (a dust harvest moves no quest). */
  ripe: number;
  /** Seeds open for funding in the shop (each has a fact sheet), counted up to 3. */
  seeds: number;
  /** Whether the market has an open listing by another wallet. */
  listing: boolean;
}

type QuestOption = TaskOption<QuestKind, QuestFacts>;

const always = () => true;
const water = (target: number): QuestOption => ({
  id: `water-${target}`,
  kind: "water",
  target,
  tier: 0,
  possible: (facts) => facts.waterable >= target,
});
const visit = (kind: VisitPlace, possible: (facts: QuestFacts) => boolean = always): QuestOption => ({
  id: `${kind}-1`,
  kind,
  target: 1,
  tier: 1,
  possible,
});

/** The daily draw's catalogue: nothing asks to invest or buy. Three always possible, so every day has three. */
export const QUEST_OPTIONS: readonly QuestOption[] = [
  water(1),
  water(2),
  water(3),
  water(5),
  { id: "harvest-1", kind: "harvest", target: 1, tier: 0, possible: (facts) => facts.ripe >= 1 },
  visit("factsheet", (facts) => facts.seeds >= 1),
  visit("market", (facts) => facts.listing),
  visit("garden"),
  visit("leaderboard"),
  visit("profile"),
];

/** Quests only rows written before decision 0059 hold: still read, never drawn. */
const LEGACY_QUESTS: readonly QuestDefinition[] = [
  { id: "plant-1", kind: "plant", target: 1 },
  { id: "plant-2", kind: "plant", target: 2 },
];

/** Every quest id a row may hold, with its definition. */
export const QUEST_POOL: readonly QuestDefinition[] = [
  ...QUEST_OPTIONS.map(({ id, kind, target }) => ({ id, kind, target })),
  ...LEGACY_QUESTS,
];
export const QUEST_IDS = [
  "water-1",
  "water-2",
  "water-3",
  "water-5",
  "harvest-1",
  "factsheet-1",
  "market-1",
  "garden-1",
  "leaderboard-1",
  "profile-1",
  "plant-1",
  "plant-2",
] as const;
export type QuestId = (typeof QUEST_IDS)[number];

export const DAILY_QUEST_COUNT = 3;

/** Whether the player can complete the quest from these facts (the draw only offers quests it can). */
export function questPossible(id: string, facts: QuestFacts): boolean {
  return QUEST_OPTIONS.find((option) => option.id === id)?.possible(facts) ?? false;
}

/** The player's three quests of a UTC day: a reproducible draw from the address (any case), the day and the facts. */
export function drawDailyQuests(address: string, day: number, facts: QuestFacts): QuestDefinition[] {
  return drawTasks(QUEST_OPTIONS, facts, `${address.toLowerCase()}:${day}`, DAILY_QUEST_COUNT);
}

/** The definition of a quest id, or a refusal for an id not in the pool. */
export function questDefinition(id: string): QuestDefinition {
  const quest = QUEST_POOL.find((candidate) => candidate.id === id);
  if (!quest) throw new GameRuleError("UNKNOWN_QUEST", `there is no quest ${id}`);
  return quest;
}

/** One crop as the facts see it: its chain facts and whether it was watered today. */
export interface CropToday {
  crop: CropFacts;
  wateredToday: boolean;
}

/** QuestFacts from the crops (the TypeScript form of questFactsSql's crop counts) and the water left now. */
export function cropQuestFacts(
  crops: readonly CropToday[],
  waterNow: number,
  chainNow: Date,
  shop: { seeds: number; listing: boolean },
): QuestFacts {
  const held = crops.filter(({ crop }) => crop.shares > 0n);
  const waterable = held.filter(
    ({ crop, wateredToday }) => !wateredToday && isWaterableCrop(crop, chainNow),
  ).length;
  return {
    plants: held.length,
    waterable: Math.min(waterable, Math.floor(waterNow / WATER_COST)),
    ripe: held.filter(({ crop }) => holdingEarnsXp(crop.shares) && canHarvest(crop, chainNow)).length,
    seeds: Math.min(shop.seeds, 3),
    listing: shop.listing,
  };
}

/**
 * The facts in SQL for one wallet (columns plants, crops_waterable, ripe, seeds, listing); the caller caps
 * crops_waterable by its water (cropQuestFacts' min). Uses the chain index: positions, invoices, today's waterings,
 * the shop's open seeds and the market's open listings.
 */
export function questFactsSql<S>(q: SqlTag<S>, address: unknown, day: unknown, chainNow: unknown): S {
  const now = q`${chainNow}::timestamptz`;
  return q`select
    (select count(*) from chain_positions p where p.holder = ${address} and p.shares > 0)::int as plants,
    (select count(*) from chain_positions p join chain_invoices i on i.token_id = p.token_id
     where p.holder = ${address} and ${waterableSql(q, q`p.shares`, q`i`, now)}
       and not exists (select 1 from waterings w
                       where w.address = ${address} and w.token_id = p.token_id and w.day = ${day}::int))::int
      as crops_waterable,
    (select count(*) from chain_positions p join chain_invoices i on i.token_id = p.token_id
     where p.holder = ${address} and p.shares >= ${q.raw(MIN_PLANTING_FOR_XP.toString())}
       and (i.status = 'settled' or (i.status = 'repaid' and i.maturity <= ${now})))::int as ripe,
    (select count(*) from (select 1 from chain_invoices i
       where i.status = 'approved' and i.funding_deadline > ${now} and i.funded < i.amount limit 3) s)::int as seeds,
    exists (select 1 from market_orders o where o.side = 'listing' and o.status = 'open' and o.signer <> ${address}
      and o.expiry > extract(epoch from ${now})) as listing`;
}
