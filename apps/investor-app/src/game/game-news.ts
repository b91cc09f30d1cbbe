import type { Crop, CropAction, GameState, WaterResponse } from "@farm/core";

/** What a watering or a harvest did to the game: the fields of POST /api/game/water's answer that are news. */
export type GameNews = Pick<
  WaterResponse,
  "xpGained" | "level" | "leveledUp" | "questsCompleted" | "achievementsUnlocked"
>;

/** The player as the page knows them: profile XP and level, and the game state (quests, achievements). */
export interface PlayerSnapshot {
  xp: number;
  level: number;
  game: Pick<GameState, "quests" | "achievements"> | undefined;
}

/**
 * The news between two readings of the player: a harvest's XP, quests and achievements are granted by the indexer,
 * not answered by a request as a watering's are, so they are read as the difference the harvest made.
 */
export function gameNews(before: PlayerSnapshot, after: PlayerSnapshot): GameNews {
  const questDone = new Set(before.game?.quests.filter((quest) => quest.completed).map((quest) => quest.id));
  const unlocked = new Set(
    before.game?.achievements.filter((badge) => badge.unlockedAt !== null).map((badge) => badge.id),
  );
  return {
    xpGained: Math.max(0, after.xp - before.xp),
    level: after.level,
    leveledUp: after.level > before.level,
    questsCompleted: (after.game?.quests ?? [])
      .filter((quest) => quest.completed && !questDone.has(quest.id))
      .map((quest) => quest.id),
    achievementsUnlocked: (after.game?.achievements ?? [])
      .filter((badge) => badge.unlockedAt !== null && !unlocked.has(badge.id))
      .map((badge) => badge.id),
  };
}

/** GOLD the index says the holder has received from a crop by `action`'s kind: harvests (and recoveries) or refunds. */
export function receivedBy(crop: Pick<Crop, "received"> | undefined, action: CropAction): bigint {
  if (!crop) return 0n;
  const { harvestedPrincipal, harvestedYield, refunded } = crop.received;
  return action === "refund" ? BigInt(refunded) : BigInt(harvestedPrincipal) + BigInt(harvestedYield);
}

/** How news is told: one celebration card (a new level, else the first achievement), every other achievement a toast. */
export interface Announcement {
  card: { kind: "level"; level: number } | { kind: "achievement"; id: string } | null;
  achievementToasts: string[];
}

export function announcement(
  news: Pick<GameNews, "level" | "leveledUp" | "achievementsUnlocked">,
): Announcement {
  const [first, ...more] = news.achievementsUnlocked;
  if (news.leveledUp)
    return { card: { kind: "level", level: news.level }, achievementToasts: [...news.achievementsUnlocked] };
  if (first === undefined) return { card: null, achievementToasts: [] };
  return { card: { kind: "achievement", id: first }, achievementToasts: more };
}
