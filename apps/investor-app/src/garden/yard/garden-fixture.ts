import { decorationCatalog, GARDEN_GRID, type Garden, type PlacedDecoration } from "@farm/core";

/** A garden answer for component tests: the real catalogue with `open` unlocked, and the week W11 of 2026's pass. */
export function gardenFixture(
  open: readonly string[],
  items: PlacedDecoration[] = [],
  seasonXp = 60,
): Garden {
  return {
    grid: GARDEN_GRID,
    catalog: decorationCatalog((entry) => open.includes(entry.id)),
    progress: { level: 2, questDays: 1 },
    layout: { items, updatedAt: items.length > 0 ? "2026-03-10T08:00:00.000Z" : null },
    season: {
      id: "2026-W11",
      theme: "lantern-night",
      startsAt: "2026-03-09T00:00:00.000Z",
      endsAt: "2026-03-16T00:00:00.000Z",
      xp: seasonXp,
      tiers: [
        { tier: 1, xp: 50, reward: "lotus-lantern", reachedAt: "2026-03-10T08:00:00.000Z" },
        { tier: 2, xp: 150, reward: "sky-lantern", reachedAt: null },
        { tier: 3, xp: 300, reward: "lantern-string", reachedAt: null },
      ],
    },
  };
}
