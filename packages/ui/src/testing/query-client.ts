import { QueryClient } from "@tanstack/react-query";
import { hashFn } from "wagmi/query";
import { chainConfigQueryKey } from "../config/chain-config";
import { sessionQueryKey } from "../session/session-key";

/** Placeholder contract addresses for screens that need a deployment but never reach a chain. */
export const testContracts = {
  goldToken: "0x0000000000000000000000000000000000000001",
  goldFaucet: "0x0000000000000000000000000000000000000002",
  farmNft: "0x0000000000000000000000000000000000000003",
  farmVault: "0x0000000000000000000000000000000000000004",
} as const;

/**
 * A query client for component tests: answers never go stale, nothing retries, and the local chain's config and
 * `session` are already answered, so a screen renders without any request.
 */
export function testQueryClient(
  session: { address: string; roles: string[] } | null,
  chain: {
    contracts: typeof testContracts | null;
    devWallet: boolean;
    /** null: a deployment with no Rupiah rate configured. */
    rupiahPerGold?: bigint | null;
    /** The seed market's address and fee; none unless a test sets it. */
    market?: { address: `0x${string}`; feeBps: number; feeRecipient: `0x${string}` | null } | null;
  } = {
    contracts: null,
    devWallet: true,
  },
): QueryClient {
  const client = new QueryClient({
    // wagmi's key hash (bigint-safe), so a test may seed a chain read by its wagmi query key (readContractQueryKey).
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, queryKeyHashFn: hashFn },
    },
  });
  client.setQueryData(chainConfigQueryKey, {
    chainId: 31337,
    rpcUrl: "http://127.0.0.1:1",
    confirmations: 0,
    rupiahPerGold: 16_000n,
    rupiahRateSource: "Bank Indonesia JISDOR",
    rupiahRateDate: "2026-11-02",
    market: null,
    ...chain,
  });
  client.setQueryData(sessionQueryKey, session);
  return client;
}
