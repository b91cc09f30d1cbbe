import type { WaterResponse } from "@farm/core";
import type { Executor } from "../../adapters/db/database";
import { isDeadlock } from "../../errors/pg";
import { ensurePlayer } from "./players";
import {
  runWateringBatch,
  type WateringClock,
  type WateringOutcome,
  type WateringRequest,
  wateringOutcome,
} from "./water";

/** Runs one batch and reads each request's outcome, in the order given. */
export type BatchRunner = (
  requests: readonly WateringRequest[],
  clock: WateringClock,
) => Promise<WateringOutcome[]>;

export interface WateringBatcherOptions {
  /** Runs the batch's statement ({@link databaseWateringBatcher} runs {@link runWateringBatch} on its database). */
  run: BatchRunner;
  /** Creates a wallet's player row (full tank) before its first watering. */
  ensurePlayer: (address: string, now: Date) => Promise<void>;
  /** Read when a batch starts: the chain's time for crop stages, the server's for the day. */
  clock: () => Promise<WateringClock>;
  /** Batches running at once; the requests arriving meanwhile gather into the next. */
  maxInFlight?: number;
  /**
   * Requests that must be waiting before a batch starts beside one already running (default: a full batch). Below
   * that they wait for the running batch and then go as one: on a loaded database one statement of many waterings
   * costs far less than several small ones side by side competing for the same CPUs.
   */
  parallelAt?: number;
  /** Requests in one batch at most. */
  maxBatch?: number;
  /** Times a batch is run again after PostgreSQL broke a deadlock by aborting it. */
  deadlockRetries?: number;
  /** Called with the number of waterings each committed batch held (metrics). */
  onCommit?: (waterings: number) => void;
}

interface Pending {
  request: WateringRequest;
  resolve: (response: WaterResponse) => void;
  reject: (error: unknown) => void;
  playerCreated: boolean;
}

/**
 * Group commit for POST /api/game/water. Under load, many waterings wait on PostgreSQL at once; each one as its own
 * statement pays the statement's fixed cost (locking and opening eight relations, starting the executor, a commit and
 * its WAL flush) and a round trip. The batcher sends the waterings that arrived while earlier batches ran as ONE
 * statement that applies each as if alone ({@link runWateringBatch}), so the fixed cost is shared. With no
 * contention a request runs at once in a batch of one, after the current event-loop turn. While a batch runs, the
 * next gathers until it ends, unless a full batch is already waiting (`parallelAt`): on the benchmark's two cores this
 * took waterings from 4,100 to 5,050 a second against four small batches side by side (bench:game).
 *
 * Rules that keep every answer the same as one-by-one processing:
 * - a batch never holds the same crop twice (a second watering of a crop waits for the next batch, where it meets the
 *   first one's row and is refused as already watered);
 * - a wallet is in at most one running batch, so its waterings in a batch are ranked against its latest tank, and a
 *   later batch sees what the earlier one spent (the statement's row locks give the same guarantee across instances).
 */
export class WateringBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private readonly busy = new Set<string>();
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly parallelAt: number;
  private readonly deadlockRetries: number;

  constructor(private readonly options: WateringBatcherOptions) {
    this.maxInFlight = options.maxInFlight ?? 4;
    this.maxBatch = options.maxBatch ?? 64;
    this.parallelAt = options.parallelAt ?? this.maxBatch;
    this.deadlockRetries = options.deadlockRetries ?? 3;
  }

  /** Waters the crop for the wallet: resolves with the API's answer or rejects with its refusal. */
  water(address: string, tokenId: bigint): Promise<WaterResponse> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { address, tokenId }, resolve, reject, playerCreated: false });
      this.schedule();
    });
  }

  /** Requests waiting for a batch (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // After this turn of the event loop, so the requests read from the sockets in the same turn share the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      if (this.inFlight > 0 && this.queue.length < this.parallelAt) return; // gathers until the running batch ends
      const batch = this.take();
      if (batch.length === 0) return; // what is left waits for wallets of running batches
      this.inFlight++;
      for (const pending of batch) this.busy.add(pending.request.address);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const pending of batch) this.busy.delete(pending.request.address);
        this.schedule();
      });
    }
  }

  /** The next batch in arrival order: distinct crops, no wallet of a running batch, at most maxBatch. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const crops = new Set<string>();
    const rest: Pending[] = [];
    for (const pending of this.queue) {
      const { address, tokenId } = pending.request;
      const crop = `${address}:${tokenId}`;
      if (batch.length < this.maxBatch && !this.busy.has(address) && !crops.has(crop)) {
        batch.push(pending);
        crops.add(crop);
      } else rest.push(pending);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    let outcomes: WateringOutcome[];
    let clock: WateringClock;
    try {
      clock = await this.options.clock();
      outcomes = await this.runWithRetries(
        batch.map((pending) => pending.request),
        clock,
      );
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const newPlayers: Pending[] = [];
    batch.forEach((pending, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) pending.reject(new Error("the watering batch returned too few rows"));
      else if (outcome.kind === "watered") pending.resolve(outcome.response);
      else if (outcome.kind === "refused") pending.reject(outcome.error);
      else if (pending.playerCreated)
        pending.reject(new Error(`player ${pending.request.address} could not be created`));
      else newPlayers.push(pending);
    });
    // A wallet's first watering comes back to create its player; it counts in the batch that applies it.
    if (batch.length > newPlayers.length) this.options.onCommit?.(batch.length - newPlayers.length);
    if (newPlayers.length === 0) return;
    try {
      const addresses = new Set(newPlayers.map((pending) => pending.request.address));
      await Promise.all([...addresses].map((address) => this.options.ensurePlayer(address, clock.wallNow)));
    } catch (error) {
      for (const pending of newPlayers) pending.reject(error);
      return;
    }
    // Back to the head of the queue, ahead of the same wallets' later requests, while the wallets are still busy.
    for (const pending of newPlayers) pending.playerCreated = true;
    this.queue.unshift(...newPlayers);
  }

  private async runWithRetries(
    requests: readonly WateringRequest[],
    clock: WateringClock,
  ): Promise<WateringOutcome[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.options.run(requests, clock);
      } catch (error) {
        if (!isDeadlock(error) || attempt >= this.deadlockRetries) throw error;
      }
    }
  }
}

/** The batcher of one backend instance over its database. */
export function databaseWateringBatcher(
  db: Executor,
  clock: () => Promise<WateringClock>,
  options: Pick<WateringBatcherOptions, "maxInFlight" | "maxBatch" | "onCommit"> = {},
): WateringBatcher {
  return new WateringBatcher({
    ...options,
    clock,
    ensurePlayer: (address, now) => ensurePlayer(db, address, now),
    run: async (requests, clock) => {
      const rows = await runWateringBatch(db, requests, clock);
      return requests.map((request, i) => {
        const row = rows[i];
        if (row === undefined || row.idx !== i) throw new Error("the watering batch rows are out of order");
        return wateringOutcome(row, request.tokenId, clock);
      });
    },
  });
}
