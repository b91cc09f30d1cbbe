import type { MarketBook, MarketSide, MyMarketOrders } from "@farm/core";
import { apiGet, useSession } from "@farm/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";

/** The market's query keys: a fill or a cancel invalidates the book and the wallet's orders at once. */
export const marketKeys = {
  all: ["market"] as const,
  book: ["market", "book"] as const,
  mine: ["market", "mine"] as const,
};

/** Listings a page of the stall shows before "more". */
export const MARKET_PAGE_SIZE = 12;

/** `GET /api/market`: listings cheapest first (offers dearest first), keyset-paged by the book's own cursor. */
export function marketBookPath(
  cursor: string | null,
  side: MarketSide = "listing",
  tokenId?: string,
): string {
  const query = new URLSearchParams({ side, limit: String(MARKET_PAGE_SIZE) });
  if (tokenId) query.set("tokenId", tokenId);
  if (cursor) query.set("cursor", cursor);
  return `/market?${query}`;
}

/** One side of the book a page at a time ("more" asks for the next one with the last page's cursor). */
export function useMarketBook(side: MarketSide = "listing", tokenId?: string) {
  return useInfiniteQuery({
    queryKey: [...marketKeys.book, side, tokenId ?? null],
    queryFn: ({ pageParam, signal }) => apiGet<MarketBook>(marketBookPath(pageParam, side, tokenId), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A listing filled or cancelled elsewhere leaves the stall without a reload.
    refetchInterval: 15_000,
  });
}

/**
 * `GET /api/market/orders/mine`: the wallet's own orders with their status. Polled while one is still open, so a
 * cancel or a fill shows once the index has it.
 */
export function useMyOrders(pollFast = false) {
  const { session } = useSession();
  return useQuery({
    queryKey: [...marketKeys.mine, session?.address],
    queryFn: ({ signal }) => apiGet<MyMarketOrders>("/market/orders/mine", signal),
    enabled: session !== null,
    refetchInterval: pollFast ? 2_000 : 15_000,
  });
}
