import type { QueryClient } from "@tanstack/react-query";
import { chainConfigQueryKey } from "../config/chain-config";
import { sessionQueryKey } from "./session-key";

/**
 * After a sign-out nothing of the old wallet may stay on the page: the session becomes null (so signed-in queries
 * stop) and every other query but the public chain config is reset to no data, active ones refetched as anonymous.
 */
export async function clearPrivateData(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(sessionQueryKey, null);
  await queryClient.resetQueries({
    predicate: (query) => {
      const [first, second] = query.queryKey;
      const isSession = first === sessionQueryKey[0] && second === sessionQueryKey[1];
      return first !== chainConfigQueryKey[0] && !isSession;
    },
  });
}
