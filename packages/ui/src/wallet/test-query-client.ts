import { QueryClient } from "@tanstack/react-query";
import { chainConfigQueryKey } from "../config/chain-config";
import { sessionQueryKey } from "../session/use-session";

/**
 * A query client for wallet tests: answers never go stale, nothing retries, and the local chain's config (dev wallet
 * on, no contracts) and `session` are already answered, so a test renders without any request.
 */
export function walletTestQueryClient(session: { address: string; roles: string[] } | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(chainConfigQueryKey, {
    chainId: 31337,
    rpcUrl: "http://127.0.0.1:1",
    contracts: null,
    devWallet: true,
    confirmations: 0,
  });
  client.setQueryData(sessionQueryKey, session);
  return client;
}
