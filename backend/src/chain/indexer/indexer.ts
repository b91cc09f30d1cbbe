import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import type { PublicClient } from "viem";
import type { Database, Transaction } from "../../adapters/db/database";
import { chainEvents, indexerBlocks } from "../../db/schema/chain";
import type { ChainHookRegistry } from "../hooks/registry";
import { EventWriter } from "./apply-events";
import { insertRows } from "./bulk";
import { type Cursor, ensureCursor, indexedBlock, lastBlockAhead, moveCursor, readCursor } from "./cursor";
import { FarmLogDecoder } from "./decode";
import type { FarmAddresses } from "./events";
import { blockHashAt } from "./fetch-logs";
import type { IndexerLock } from "./lock";
import { type FetchedRange, type PendingRange, RangeFetcher, StaleRangeError } from "./range-fetch";
import { rollbackAfter } from "./rollback";

export interface ChainIndexerOptions {
  db: Database;
  client: PublicClient;
  chainId: number;
  addresses: FarmAddresses;
  /**
   * Deployment block: nothing of ours exists before it, so no eth_getLogs ever starts earlier. A function is asked
   * once, at the first poll (it may ask the node).
   */
  startBlock: number | (() => Promise<number>);
  /** Blocks to stay behind the head; 0 on the local chain. */
  confirmations: number;
  /** Blocks per eth_getLogs call; halved automatically when the node refuses a range. */
  blockRange: number;
  pollIntervalMs: number;
  hooks: ChainHookRegistry;
  lock: IndexerLock;
  /** Block hashes kept behind the cursor to find a reorg's common ancestor (the network's reorg depth); 4096 by default. */
  reorgDepth?: number;
  /** Called after every poll with what it did, or with why it failed (metrics). */
  onSync?: (result: SyncResult) => void;
  onPollError?: (error: unknown) => void;
  logger?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Sees a failed poll first; true when it took care of it (an outage logged once), so it is not logged again. */
  reportPollFailure?: (error: unknown) => boolean;
}

export interface SyncResult {
  /** False when another instance holds the indexer lock. */
  leader: boolean;
  head: number;
  indexed: number;
  events: number;
  /** The common ancestor rolled back to, when a reorg was found. */
  reorgAncestor: number | null;
}

/** eth_getLogs calls in flight at once. */
const FETCH_CONCURRENCY = 4;
/** Ranges the last stretch before the target is cut into (see syncOnce), and their least span. */
const TAIL_PARTS = 2 * FETCH_CONCURRENCY;
const MIN_SHARED_SPAN = 4;
/** Fetched events at most waiting to be written: fetching runs this far ahead of the writer, and no further. */
const READ_AHEAD_EVENTS = 25_000;
/**
 * Events at most in one transaction. A transaction goes on with the ranges fetched meanwhile (never waiting for the
 * node while it holds the cursor row) up to this many events, writing each range's rows as it comes and keeping only
 * what the end of the transaction needs (see EventWriter). A backfill thus writes a few large transactions, and what
 * is paid per transaction rather than per event (the hooks' per-player statements, the per-invoice upserts, a new row
 * version of each player and invoice) is paid less often, while memory holds about READ_AHEAD_EVENTS events.
 */
const MAX_EVENTS_PER_APPLY = 100_000;

/** Blocks of hashes kept behind the cursor to find the common ancestor of a reorg, unless the options say otherwise. */
const HASH_RETENTION_BLOCKS = 4096;

/**
 * Follows the four contracts' logs into the index. Each block range is applied together with the cursor in one
 * transaction; a reorg found at the cursor is rolled back to the common ancestor first. Only the holder of the lock
 * indexes; the others poll for it.
 */
export class ChainIndexer {
  private readonly fetcher: RangeFetcher;
  private running: Promise<void> | null = null;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  /** Latest head seen from the RPC, for health. */
  head: number | null = null;
  private resolvedStartBlock: number | null = null;

  constructor(private readonly options: ChainIndexerOptions) {
    this.fetcher = new RangeFetcher(
      options.client,
      new FarmLogDecoder(options.addresses),
      options.blockRange,
    );
  }

  /** The last block the index holds, read from the shared cursor (so followers report it too). */
  indexedBlock(): Promise<number | null> {
    return indexedBlock(this.options.db, this.options.chainId);
  }

  /** The deployment block, asked for once when the options give a function. */
  async firstBlock(): Promise<number> {
    if (this.resolvedStartBlock === null) {
      const { startBlock } = this.options;
      this.resolvedStartBlock = typeof startBlock === "number" ? startBlock : await startBlock();
    }
    return this.resolvedStartBlock;
  }

  /** Indexes up to the confirmed head once (all of it, in ranges) and returns what it did. */
  async syncOnce(): Promise<SyncResult> {
    const { client } = this.options;
    const startBlock = await this.firstBlock();
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
    this.head = head;
    if (!(await this.options.lock.tryAcquire())) {
      return {
        leader: false,
        head,
        indexed: (await this.indexedBlock()) ?? startBlock - 1,
        events: 0,
        reorgAncestor: null,
      };
    }
    this.options.hooks.pollStarted();
    try {
      return await this.syncAsLeader(head, startBlock);
    } finally {
      this.options.hooks.pollEnded();
    }
  }

  /** syncOnce's work once this instance holds the lock. */
  private async syncAsLeader(head: number, startBlock: number): Promise<SyncResult> {
    const { client, confirmations } = this.options;
    await ensureCursor(this.options.db, this.options.chainId, startBlock);
    const target = head - confirmations;
    let reorgAncestor: number | null = null;
    let cursor = await this.readCursor();
    if (cursor.hash !== "" && (await blockHashAt(client, cursor.block)) !== cursor.hash) {
      reorgAncestor = await this.rollBackReorg();
      cursor = await this.readCursor();
    }
    let events = 0;
    // Consecutive ranges are fetched (up to FETCH_CONCURRENCY at once) while the oldest is written: a dense stretch is
    // streamed into the index instead of being fetched whole first, and ranges that arrived together are written in
    // one transaction, which goes on with the ranges that arrive while it is written (see MAX_EVENTS_PER_APPLY).
    const queue: PendingRange[] = [];
    let planned = cursor.block;
    // Rows the crop sync recorded after the cursor go when the first range is written; that range reaches the last
    // of them (within one configured span), so the events the chain still holds are written again unchanged and
    // keep their XP grants instead of losing and regaining them.
    let reach = await lastBlockAhead(this.options.db, cursor.block);
    /** False once this poll stops writing: a fetch finishing after that starts no other. */
    let writing = true;
    /** The span of the ranges the last stretch is cut into, once it is known. */
    let tailSpan = Number.POSITIVE_INFINITY;
    // Called whenever a fetch finishes or the writer takes ranges, so a free slot is used at once.
    const topUp = () => {
      let inFlight = 0;
      let waiting = 0;
      for (const entry of queue) {
        if (entry.value) waiting += entry.value.events.length;
        else inFlight += 1;
      }
      while (writing && inFlight < FETCH_CONCURRENCY && waiting < READ_AHEAD_EVENTS && planned < target) {
        const from = planned + 1;
        // Once the blocks left fit in FETCH_CONCURRENCY ranges they are cut into TAIL_PARTS ranges of equal span:
        // that stretch is fetched in parts the writer can start on, not in one call it waits for whole (ranges grow
        // over sparse blocks, so a dense stretch after them would otherwise come back as one range).
        const left = target - from + 1;
        if (tailSpan === Number.POSITIVE_INFINITY && left <= FETCH_CONCURRENCY * this.fetcher.blockRange) {
          tailSpan = Math.max(MIN_SHARED_SPAN, Math.ceil(left / TAIL_PARTS));
        }
        const span = Math.max(
          Math.min(this.fetcher.blockRange, tailSpan),
          Math.min(reach - from + 1, this.options.blockRange),
        );
        const to = Math.min(target, from + span - 1);
        reach = 0;
        planned = to;
        queue.push(this.fetcher.pending(from, to, topUp));
        inFlight += 1;
      }
    };
    topUp();
    /** The next range when it is fetched already and follows `last` on the same chain, within `room` events. */
    const fetchedAfter = (last: FetchedRange, room: number): FetchedRange | null => {
      const next = queue[0]?.value;
      if (
        !next ||
        next.from !== last.to + 1 ||
        next.to !== queue[0]?.to ||
        next.parentHash !== last.toHash ||
        next.events.length > room
      ) {
        return null;
      }
      queue.shift();
      topUp();
      return next;
    };
    try {
      while (queue.length > 0) {
        let range = await this.fetcher.takeRange(queue, topUp);
        topUp();
        // The ranges already fetched join the first one (crop-synced rows they hold again are kept, see applyRanges).
        let next = fetchedAfter(range, MAX_EVENTS_PER_APPLY - range.events.length);
        while (next) {
          // The first range's array is this poll's own: appending beats copying it again for every range merged.
          for (const event of next.events) range.events.push(event);
          range = { ...next, from: range.from, parentHash: range.parentHash, events: range.events };
          next = fetchedAfter(range, MAX_EVENTS_PER_APPLY - range.events.length);
        }
        events += await this.applyRanges(range, fetchedAfter);
      }
    } catch (error) {
      // The chain or the cursor moved under this poll; the next poll starts from the cursor again.
      if (!(error instanceof StaleRangeError)) throw error;
    } finally {
      writing = false;
    }
    const indexed = (await this.indexedBlock()) ?? startBlock - 1;
    return { leader: true, head, indexed, events, reorgAncestor };
  }

  /** Polls until stopped; errors are logged and the next poll tries again. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      while (!this.stopped) {
        try {
          const result = await this.syncOnce();
          this.options.onSync?.(result);
          if (result.events > 0 || result.reorgAncestor !== null) {
            this.options.logger?.info({ ...result }, "indexer applied blocks");
          }
        } catch (error) {
          this.options.onPollError?.(error);
          if (!this.options.reportPollFailure?.(error))
            this.options.logger?.warn({ err: error }, "indexer poll failed; retrying");
        }
        if (this.stopped) break;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.options.pollIntervalMs);
        });
      }
    };
    this.running = loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.running;
    this.running = null;
    await this.options.lock.release();
  }

  private readCursor(tx?: Transaction): Promise<Cursor> {
    return readCursor(this.options.db, this.options.chainId, tx);
  }

  /**
   * Writes `range` in one transaction with the cursor move, going on with the ranges `more` gives (those fetched
   * meanwhile, up to MAX_EVENTS_PER_APPLY events in all); returns the number of events written.
   */
  private async applyRanges(
    range: FetchedRange,
    more: (last: FetchedRange, room: number) => FetchedRange | null,
  ): Promise<number> {
    const { db, chainId, hooks } = this.options;
    let committed: Transaction | undefined;
    const written = await db.transaction(async (tx) => {
      committed = tx;
      // Losing this commit in a crash loses its cursor move with it, so the range is simply indexed again: no need
      // to wait for the WAL flush.
      await tx.execute(sql`set local synchronous_commit = off`);
      const cursor = await this.readCursor(tx);
      // Another instance moved the cursor, or the chain changed under the fetch: leave it to the next poll.
      if (cursor.block !== range.from - 1) throw new StaleRangeError();
      if (cursor.hash !== "" && cursor.hash !== range.parentHash) throw new StaleRangeError();
      // The crop sync may have recorded blocks ahead of the cursor; the canonical logs replace what it wrote. Ordered
      // by block so the plan is always the block index: with a bare LIMIT 1 and no statistics yet (a backfill outruns
      // autovacuum), PostgreSQL expects a match early in a sequential scan and reads the whole table to find none.
      const ahead = await tx
        .select({ id: chainEvents.id })
        .from(chainEvents)
        .where(gt(chainEvents.blockNumber, cursor.block))
        .orderBy(chainEvents.blockNumber)
        .limit(1);
      if (ahead.length > 0) {
        // What the crop sync recorded and this range holds again unchanged is not dropped (its XP stays).
        const kept = new Map(range.events.map((event) => [event.id, event.blockHash as string]));
        await rollbackAfter(tx, chainId, cursor.block, hooks, kept);
      }
      // The blocks after the cursor are now empty, and stay so: the crop sync waits for the cursor row this holds.
      const writer = new EventWriter(tx, { freshBlocks: true });
      const hashes = new Map<number, string>();
      let last = range;
      let written = 0;
      let part: FetchedRange | null = range;
      while (part) {
        await writer.add(part.events);
        for (const event of part.events) hashes.set(event.blockNumber, event.blockHash);
        hashes.set(part.to, part.toHash);
        written += part.events.length;
        last = part;
        part = more(last, MAX_EVENTS_PER_APPLY - written);
      }
      await writer.finish(hooks);
      await insertRows(
        tx,
        indexerBlocks,
        [...hashes].map(([block, hash]) => ({ chainId, blockNumber: block, blockHash: hash })),
        sql`on conflict (chain_id, block_number) do update set block_hash = excluded.block_hash`,
      );
      await tx
        .delete(indexerBlocks)
        .where(
          and(
            eq(indexerBlocks.chainId, chainId),
            lt(indexerBlocks.blockNumber, last.to - (this.options.reorgDepth ?? HASH_RETENTION_BLOCKS)),
          ),
        );
      await moveCursor(tx, chainId, { block: last.to, hash: last.toHash });
      return written;
    });
    if (committed) await this.afterCommit(committed);
    return written;
  }

  /** The hooks' after-commit work; the index is written whatever it does, so a failure is only logged. */
  private async afterCommit(tx: Transaction): Promise<void> {
    await this.options.hooks.committed(tx).catch((error: unknown) => {
      this.options.logger?.warn({ err: error }, "after-commit hook failed");
    });
  }

  /** Finds the newest stored block still on the chain and rolls the index back to it. */
  private async rollBackReorg(): Promise<number> {
    const { db, client, chainId } = this.options;
    const startBlock = await this.firstBlock();
    const stored = await db
      .select()
      .from(indexerBlocks)
      .where(eq(indexerBlocks.chainId, chainId))
      .orderBy(desc(indexerBlocks.blockNumber));
    let ancestor = { block: startBlock - 1, hash: "" };
    for (const row of stored) {
      if ((await blockHashAt(client, row.blockNumber)) === row.blockHash) {
        ancestor = { block: row.blockNumber, hash: row.blockHash };
        break;
      }
    }
    let committed: Transaction | undefined;
    await db.transaction(async (tx) => {
      committed = tx;
      await this.readCursor(tx);
      await rollbackAfter(tx, chainId, ancestor.block, this.options.hooks);
      await moveCursor(tx, chainId, ancestor);
    });
    if (committed) await this.afterCommit(committed);
    this.options.logger?.warn({ ancestor: ancestor.block }, "chain reorganised; index rolled back");
    return ancestor.block;
  }
}
