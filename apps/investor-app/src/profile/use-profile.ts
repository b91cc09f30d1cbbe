import type { ProfileGame, UserProfile } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

/** GET /api/user/profile: identity plus the game's fields (XP, level, water, stats). */
export type InvestorProfile = UserProfile & ProfileGame;

export function useProfile() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...queryKeys.profile, session?.address],
    queryFn: ({ signal }) => apiGet<InvestorProfile>("/user/profile", signal),
    enabled: session !== null,
  });
}
