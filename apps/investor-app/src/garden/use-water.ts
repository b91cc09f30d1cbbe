import type { WaterResponse } from "@farm/core";
import { apiPost } from "@farm/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

/** POST /api/game/water for one crop; refreshes the garden, streak and quests, the profile (XP, water) and the history. */
export function useWater() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cropId: string) => apiPost<WaterResponse>("/game/water", { cropId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.crops }),
        queryClient.invalidateQueries({ queryKey: queryKeys.gameState }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
      ]),
  });
}
