import type { GameState, SeasonsResponse } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

/** GET /api/game/state: streak, today's quests, achievements, cosmetics and season XP of the signed-in player. */
export function useGameState() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...queryKeys.gameState, session?.address],
    queryFn: ({ signal }) => apiGet<GameState>("/game/state", signal),
    enabled: session !== null,
  });
}

/** GET /api/leaderboard/seasons: this week's top ten and past weeks' kept top ten. */
export function useSeasons() {
  return useQuery({
    queryKey: queryKeys.seasons,
    queryFn: ({ signal }) => apiGet<SeasonsResponse>("/leaderboard/seasons", signal),
  });
}
