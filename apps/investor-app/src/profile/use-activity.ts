import type { ActivityPage } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../layout/query-keys";

function fetchPage(cursor: string | null, limit: number, signal: AbortSignal) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return apiGet<ActivityPage>(`/user/activity?${query}`, signal);
}

/** The history list, newest first, one page at a time. */
export function useActivityPages() {
  const { session } = useSession();
  return useInfiniteQuery({
    queryKey: [...queryKeys.activity, "pages", session?.address],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, 20, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: session !== null,
  });
}

/** Bounds the chart's history so a very active wallet cannot make the page fetch forever. */
const maxChartPages = 10;

/** The whole history (up to 1,000 events) for the chart. */
export function useFullActivity() {
  const { session } = useSession();
  return useQuery({
    queryKey: [...queryKeys.activity, "all", session?.address],
    enabled: session !== null,
    queryFn: async ({ signal }) => {
      const items: ActivityPage["items"] = [];
      let cursor: string | null = null;
      for (let page = 0; page < maxChartPages; page += 1) {
        const result: ActivityPage = await fetchPage(cursor, 100, signal);
        items.push(...result.items);
        cursor = result.nextCursor;
        if (!cursor) break;
      }
      return items;
    },
  });
}
