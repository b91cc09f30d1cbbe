import type { AlmanacResponse } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

/** GET /api/game/almanac: the signed-in player's collection, read from the chain index by the server. */
export function useAlmanac() {
  const { session } = useSession();
  return useQuery({
    queryKey: ["game", "almanac", session?.address],
    queryFn: ({ signal }) => apiGet<AlmanacResponse>("/game/almanac", signal),
    enabled: session !== null,
  });
}

/** The few figures the summary shows: what is collected out of what there is. */
export function almanacCounts(almanac: AlmanacResponse) {
  const provinces = almanac.islands.flatMap((island) => island.provinces);
  return {
    crops: almanac.commodities.filter((c) => c.funded > 0).length,
    cropsTotal: almanac.commodities.length,
    provinces: provinces.filter((p) => p.funded > 0).length,
    provincesTotal: provinces.length,
    badges: almanac.badges.filter((b) => b.earned).length,
    badgesTotal: almanac.badges.length,
  };
}
