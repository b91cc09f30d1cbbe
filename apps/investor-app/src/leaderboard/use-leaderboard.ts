import type { LeaderboardKind, LeaderboardResponse } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

const pageSize = 20;

/** GET /api/leaderboard by one ranking, page by page; `me` is the caller's own entry on every page. */
export function useLeaderboard(by: LeaderboardKind) {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: [...queryKeys.leaderboard(by), session?.address],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ by, limit: String(pageSize) });
      if (pageParam) query.set("cursor", pageParam);
      return apiGet<LeaderboardResponse>(`/leaderboard?${query}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
