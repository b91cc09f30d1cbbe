import type { Garden, GardenLayout, PlacedDecoration } from "@farm/core";
import { apiFetch, apiGet, useSession } from "@farm/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../layout/query-keys";

/**
 * The garden's key sits under the game state's, so what refreshes the game state after a watering (season XP, a
 * tier reached, a level that unlocks a decoration) refreshes the garden too.
 */
const gardenKey = (address: string | undefined) => [...queryKeys.gameState, "garden", address] as const;

/** GET /api/game/garden: the catalogue with what is unlocked, the saved layout, the week's theme and season pass. */
export function useGarden() {
  const { session } = useSession();
  return useQuery({
    queryKey: gardenKey(session?.address),
    queryFn: ({ signal }) => apiGet<Garden>("/game/garden", signal),
    enabled: session !== null,
  });
}

/** PUT /api/game/garden/layout: saves the whole layout; the garden's answer is updated with what the server kept. */
export function useSaveLayout() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  return useMutation({
    mutationFn: (items: readonly PlacedDecoration[]) =>
      apiFetch<GardenLayout>("/game/garden/layout", { method: "PUT", body: { items } }),
    onSuccess: (layout) =>
      queryClient.setQueryData<Garden>(gardenKey(session?.address), (garden) =>
        garden ? { ...garden, layout } : garden,
      ),
  });
}
