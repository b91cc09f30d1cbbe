import { http } from "viem";
import type { RpcTransport } from "../wallet/rpc-transport";

/**
 * The test chain's RPC node for component tests: every request fails at once, as `fetch` does against the unreachable
 * placeholder (http://127.0.0.1:1), but without calling `fetch` and without viem's retries. Over HTTP a screen's chain
 * read (a block, a balance) went on retrying for about a second after its test ended, and a worker's files share one
 * window (isolate: false), so a later test's stubbed `fetch` met its POSTs among the calls it counted.
 */
export const unreachableRpc: RpcTransport = (rpcUrl) =>
  http(rpcUrl, {
    retryCount: 0,
    fetchFn: async () => {
      throw new TypeError("fetch failed");
    },
  });
