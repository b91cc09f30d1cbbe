import type { Hash, PublicClient } from "viem";
import type { FarmLogDecoder } from "./decode";
import type { ChainEvent } from "./events";
import { blockHashAt, fetchLogs } from "./fetch-logs";

export interface FetchedRange {
  from: number;
  to: number;
  toHash: Hash;
  /** Hash of block from - 1 as seen while fetching: must equal the cursor's hash, or a reorg happened in between. */
  parentHash: Hash | null;
  events: ChainEvent[];
}

/** A range being fetched: the blocks asked for, and the fetched range once it is in. */
export interface PendingRange {
  from: number;
  to: number;
  result: Promise<FetchedRange>;
  value?: FetchedRange;
}

/** The chain or the cursor moved under a poll; the next poll starts from the cursor again. */
export class StaleRangeError extends Error {}

/** Blocks of the first eth_getLogs call; the span then doubles while ranges stay sparse. */
const INITIAL_BLOCK_RANGE = 4;
/** Logs per eth_getLogs call the range size steers towards. */
const LOGS_PER_RANGE = 2500;

/** Fetches block ranges of decoded events, sizing the ranges to the density of the logs and to what the node takes. */
export class RangeFetcher {
  /** The span of the next range, adapted to the logs' density; at most `maxRange`. */
  blockRange: number;

  constructor(
    private readonly client: PublicClient,
    private readonly decoder: FarmLogDecoder,
    private readonly maxRange: number,
  ) {
    // Start small and let fitRange grow it: the density of the first blocks is unknown, and a dense first range would
    // be fetched and written without any overlap.
    this.blockRange = Math.min(maxRange, INITIAL_BLOCK_RANGE);
  }

  /**
   * Starts fetching [from, to]; the outcome is also kept on the entry, to see whether it is in without waiting, and
   * `fetched` is called once it is (a failure is left to whoever awaits the entry).
   */
  pending(from: number, to: number, fetched: () => void): PendingRange {
    const entry: PendingRange = { from, to, result: this.fetchRange(from, to) };
    entry.result.then(
      (range) => {
        entry.value = range;
        fetched();
      },
      () => {},
    );
    return entry;
  }

  /** Waits for the oldest fetch; when the node made it shorter, the rest of its blocks are fetched next. */
  async takeRange(queue: PendingRange[], fetched: () => void): Promise<FetchedRange> {
    const entry = queue.shift() as PendingRange;
    const range = await entry.result;
    if (range.to < entry.to) queue.unshift(this.pending(range.to + 1, entry.to, fetched));
    return range;
  }

  private async fetchRange(from: number, to: number): Promise<FetchedRange> {
    const { client } = this;
    for (;;) {
      try {
        // Both hashes in one wait (the node answers them side by side); the end block's is read again after the logs.
        const [toHash, parentHash] = await Promise.all([
          blockHashAt(client, to),
          blockHashAt(client, from - 1),
        ]);
        const logs = await fetchLogs(client, this.decoder.addresses, from, to);
        this.fitRange(logs.length, to - from + 1);
        // Decoded at once, so the raw logs are garbage before the next await (less for the GC to copy).
        const events: ChainEvent[] = [];
        for (const log of logs) {
          const event = this.decoder.decode(log);
          if (event) events.push(event);
        }
        if (!toHash || (await blockHashAt(client, to)) !== toHash) throw new StaleRangeError();
        return { from, to, toHash, parentHash, events };
      } catch (error) {
        if (error instanceof StaleRangeError || !isRangeTooLarge(error) || to === from) throw error;
        this.blockRange = Math.max(1, Math.floor((to - from + 1) / 2));
        to = from + this.blockRange - 1;
      }
    }
  }

  /**
   * Aims each range at about LOGS_PER_RANGE logs: dense blocks get shorter ranges (bounded memory, and the next range
   * is fetched while this one is written), sparse ones grow back up to the configured span.
   */
  private fitRange(logCount: number, span: number): void {
    if (logCount > 2 * LOGS_PER_RANGE && span > 1) this.blockRange = Math.max(1, Math.floor(span / 2));
    else if (logCount < LOGS_PER_RANGE / 2) this.blockRange = Math.min(this.maxRange, span * 2);
  }
}

/** Whether a node refused eth_getLogs because the range or its result was too large. */
function isRangeTooLarge(error: unknown): boolean {
  const message =
    error instanceof Error
      ? `${error.message} ${String((error as { details?: unknown }).details ?? "")}`
      : "";
  return /range|too many|limit|exceed|10000 results/i.test(message);
}
