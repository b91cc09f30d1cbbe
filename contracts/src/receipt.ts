import { type Client, type Hash, type TransactionReceipt, WaitForTransactionReceiptTimeoutError } from "viem";
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
 * detection of a replaced (sped-up or cancelled) transaction. A read that fails on viem's side ("receipt not found"
 * for a transaction its block already holds, a node still indexing) does not end the wait: the clock side reads on
 * until the deadline.
 */
export async function waitForReceipt(
  client: Client,
  { hash, timeout = 180_000, pollingInterval = client.pollingInterval }: WaitForReceiptOptions,
): Promise<TransactionReceipt> {
  const stop = new AbortController();
  const byBlocks = waitForTransactionReceipt(client, {
    hash,
    timeout,
    pollingInterval,
    signal: stop.signal,
  }).catch((error: unknown) => {
    if (error instanceof WaitForTransactionReceiptTimeoutError) throw error;
    // Any other failure of a read by blocks is the race (or a node's hiccup): leave the answer to the clock side.
    return new Promise<never>(() => {});
  });
  const byClock = (async () => {
    const deadline = Date.now() + timeout;
    while (!stop.signal.aborted && Date.now() < deadline) {
      await sleep(pollingInterval, stop.signal);
      if (stop.signal.aborted) break;
      // Not found yet, or the node did not answer: as viem's side does, read again later.
      const receipt = await getTransactionReceipt(client, { hash }).catch(() => null);
      if (receipt) return receipt;
    }
    if (stop.signal.aborted) return new Promise<never>(() => {});
    throw new WaitForTransactionReceiptTimeoutError({ hash });
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
