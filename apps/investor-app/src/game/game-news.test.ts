import type { GameState } from "@farm/core";
import { describe, expect, it } from "vitest";
import { announcement, gameNews, receivedBy } from "./game-news";

type Game = Pick<GameState, "quests" | "achievements">;
const game = (harvestDone: boolean, firstHarvestAt: string | null): Game => ({
  quests: [
    { id: "water-3", kind: "water", target: 3, progress: 3, completed: true },
    { id: "harvest-1", kind: "harvest", target: 1, progress: harvestDone ? 1 : 0, completed: harvestDone },
  ],
  achievements: [
    { id: "first-seed", threshold: 1, value: 1, unlockedAt: "2026-05-01T00:00:00.000Z" },
    { id: "first-harvest", threshold: 1, value: firstHarvestAt ? 1 : 0, unlockedAt: firstHarvestAt },
  ],
});

describe("a harvest's game news, read as the difference it made", () => {
  it("tells the XP, the level reached, and only the quests and achievements it newly completed", () => {
    const news = gameNews(
      { xp: 80, level: 1, game: game(false, null) },
      { xp: 130, level: 2, game: game(true, "2026-06-01T00:00:00.000Z") },
    );
    expect(news).toEqual({
      xpGained: 50,
      level: 2,
      leveledUp: true,
      questsCompleted: ["harvest-1"],
      achievementsUnlocked: ["first-harvest"],
    });
  });

  it("is empty when the index has not granted anything (never negative)", () => {
    const same = { xp: 80, level: 1, game: game(true, "2026-06-01T00:00:00.000Z") };
    expect(gameNews(same, { ...same, xp: 70 })).toEqual({
      xpGained: 0,
      level: 1,
      leveledUp: false,
      questsCompleted: [],
      achievementsUnlocked: [],
    });
  });
});

describe("what the index says a crop paid", () => {
  const crop = { received: { harvestedPrincipal: "400", harvestedYield: "20", refunded: "7" } };
  it("counts harvests and recoveries together, refunds apart", () => {
    expect(receivedBy(crop, "harvest")).toBe(420n);
    expect(receivedBy(crop, "claimRecovery")).toBe(420n);
    expect(receivedBy(crop, "refund")).toBe(7n);
    expect(receivedBy(undefined, "harvest")).toBe(0n);
  });
});

describe("how game news is told", () => {
  it("puts a new level on the card and every achievement in a toast, none left untold", () => {
    expect(
      announcement({ level: 2, leveledUp: true, achievementsUnlocked: ["first-harvest", "ten-waterings"] }),
    ).toEqual({
      card: { kind: "level", level: 2 },
      achievementToasts: ["first-harvest", "ten-waterings"],
    });
  });

  it("puts the first achievement on the card without a level, the others in toasts", () => {
    expect(
      announcement({ level: 1, leveledUp: false, achievementsUnlocked: ["first-harvest", "ten-waterings"] }),
    ).toEqual({
      card: { kind: "achievement", id: "first-harvest" },
      achievementToasts: ["ten-waterings"],
    });
    expect(announcement({ level: 1, leveledUp: false, achievementsUnlocked: [] })).toEqual({
      card: null,
      achievementToasts: [],
    });
  });
});
