import type { Client, Hash, TransactionReceipt } from "viem";
import { getTransactionReceipt, waitForTransactionReceipt } from "viem/actions";

export type WaitForReceiptOptions = {
  hash: Hash;
  /** Milliseconds before giving up with viem's `WaitForTransactionReceiptTimeoutError`; default 180 s. */
  timeout?: number;
  /** Milliseconds between receipt reads; default the client's polling interval. */
  pollingInterval?: number;
};

/**
 * Waits for a transaction's receipt. viem's `waitForTransactionReceipt` reads the receipt once, then again on each new
 * block; a node that publishes a block a moment before its receipts (anvil does, foundry-rs/foundry#10944) leaves it
 * waiting for a block that, on an automining dev chain with nothing else to mine, never comes. So this also reads the
 * receipt on a steady clock, independent of blocks, and takes whichever answer comes first; viem's side keeps its
 * detection of a replaced (sped-up or cancelled) transaction.
 */
export async function waitForReceipt(
  client: Client,
  { hash, timeout = 180_000, pollingInterval = client.pollingInterval }: WaitForReceiptOptions,
): Promise<TransactionReceipt> {
  const stop = new AbortController();
  const byBlocks = waitForTransactionReceipt(client, { hash, timeout, pollingInterval, signal: stop.signal });
  const byClock = (async () => {
    const deadline = Date.now() + timeout;
    while (!stop.signal.aborted && Date.now() < deadline) {
      await sleep(pollingInterval, stop.signal);
      if (stop.signal.aborted) break;
      // Not found yet, or the node did not answer: as viem's side does, read again later.
      const receipt = await getTransactionReceipt(client, { hash }).catch(() => null);
      if (receipt) return receipt;
    }
    // Never settles on its own: the deadline's error comes from the side that reads by blocks.
    return new Promise<never>(() => {});
  })();
  try {
    return await Promise.race([byBlocks, byClock]);
  } finally {
    stop.abort();
    byBlocks.catch(() => {});
    byClock.catch(() => {});
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
