/** GET /api/game/garden: the catalogue with what is unlocked, the layout, and the running season's theme and pass. */
import {
  decorationCatalog,
  GARDEN_GRID,
  type Garden,
  meetsRule,
  passTiers,
  seasonOf,
  seasonTheme,
} from "@farm/core";
import type { Executor } from "../../adapters/db/database";
import { readGardenLayout, readUnlockState } from "./garden-layout";

export async function readGarden(db: Executor, address: string, now: Date): Promise<Garden> {
  const [state, layout] = await Promise.all([readUnlockState(db, address), readGardenLayout(db, address)]);
  const season = seasonOf(now);
  return {
    grid: GARDEN_GRID,
    catalog: decorationCatalog((entry) => meetsRule(entry.unlock, state.facts)),
    progress: { level: state.facts.level, questDays: state.facts.questDays },
    layout,
    season: {
      id: season.id,
      theme: seasonTheme(season).id,
      startsAt: season.startsAt.toISOString(),
      endsAt: season.endsAt.toISOString(),
      xp: state.season === season.id ? state.seasonXp : 0,
      tiers: passTiers(season, state.reached).map((tier) => ({
        ...tier,
        reachedAt: tier.reachedAt?.toISOString() ?? null,
      })),
    },
  };
}
