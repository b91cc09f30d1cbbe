import { isDeadlock } from "../../errors/pg";

/**
 * Batches of one kind a backend runs at once on a database pool of `poolSize` connections: two fifths of it (8 of the
 * default 20), so the waterings' and the helps' batchers together leave a fifth of the pool to every other query.
 */
export const batchesInFlightFor = (poolSize: number): number => Math.max(1, Math.floor((poolSize * 2) / 5));

/** What one request of a batch came to. */
export type BatchOutcome<R> =
  | { kind: "done"; response: R }
  | { kind: "refused"; error: unknown }
  /** It met a wallet an earlier request of the same batch holds: it runs in the next batch, first in line. */
  | { kind: "again" }
  /** A row it needs does not exist yet: `prepare` creates it (once per wallet), then it runs again, once. */
  | { kind: "prepare"; prepare: () => Promise<void> };

export interface GroupCommitOptions<Q, R, C> {
  /** Runs one batch's statement and reads each request's outcome, in the order given. */
  run: (requests: readonly Q[], clock: C) => Promise<BatchOutcome<R>[]>;
  /** Read when a batch starts (the chain's and the server's time). */
  clock: () => Promise<C>;
  /** The wallet a request acts for: it is in at most one running batch. */
  wallet: (request: Q) => string;
  /** Requests with the same key never share a batch (the later one waits for the next). */
  key: (request: Q) => string;
  /** Batches running at once (default 8; see {@link batchesInFlightFor}); what arrives meanwhile gathers into the next. */
  maxInFlight?: number;
  /**
   * Requests that must be waiting before a batch starts beside one already running (default 8). Below that they wait
   * for the running batch and then go as one: one statement of many requests costs far less than many of a few. At 8,
   * a second statement runs while the first is in PostgreSQL, so the server and the database work at once (decision
   * 0020: waterings and helps together +20 % over waiting for a full batch, and fewer or more than 8 did worse).
   */
  parallelAt?: number;
  /** Requests in one batch at most. */
  maxBatch?: number;
  /** Times a batch is run again after PostgreSQL broke a deadlock by aborting it. */
  deadlockRetries?: number;
  /** Called with the number of requests each committed batch settled (metrics). */
  onCommit?: (settled: number) => void;
}

interface Pending<Q, R> {
  request: Q;
  resolve: (response: R) => void;
  reject: (error: unknown) => void;
  prepared: boolean;
}

/**
 * Group commit of one kind of game write (decision 0020). Under load, many requests wait on PostgreSQL at once; each
 * as its own statement pays the statement's fixed cost (locking and opening its relations, the executor, a commit and
 * its WAL flush) and a round trip. The requests that arrived while earlier batches ran go as ONE statement that
 * applies each as if alone, so the fixed cost is shared. With no contention a request runs at once in a batch of
 * one, after the current event-loop turn. While a batch runs, the next gathers until it ends, unless `parallelAt`
 * requests are already waiting.
 *
 * Rules that keep every answer the same as one-by-one processing: a batch never holds two requests with the same key;
 * a wallet is in at most one running batch, so a later batch sees what the earlier one wrote (the statements' row
 * locks give the same guarantee across instances); a request the statement finds in conflict with an earlier one of
 * its batch ("again") waits for the next batch, at the head of the queue.
 */
export class GroupCommit<Q, R, C> {
  private queue: Pending<Q, R>[] = [];
  private inFlight = 0;
  private readonly busy = new Set<string>();
  private scheduled = false;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly parallelAt: number;
  private readonly deadlockRetries: number;

  constructor(private readonly options: GroupCommitOptions<Q, R, C>) {
    this.maxInFlight = options.maxInFlight ?? 8;
    this.maxBatch = options.maxBatch ?? 64;
    this.parallelAt = options.parallelAt ?? Math.min(8, this.maxBatch);
    this.deadlockRetries = options.deadlockRetries ?? 3;
  }

  /** Queues the request: resolves with its answer or rejects with its refusal. */
  submit(request: Q): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject, prepared: false });
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
      const wallets = batch.map((pending) => this.options.wallet(pending.request));
      for (const wallet of wallets) this.busy.add(wallet);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const wallet of wallets) this.busy.delete(wallet);
        this.schedule();
      });
    }
  }

  /** The next batch in arrival order: distinct keys, no wallet of a running batch, at most maxBatch. */
  private take(): Pending<Q, R>[] {
    const batch: Pending<Q, R>[] = [];
    const keys = new Set<string>();
    const rest: Pending<Q, R>[] = [];
    for (const pending of this.queue) {
      const key = this.options.key(pending.request);
      if (
        batch.length < this.maxBatch &&
        !this.busy.has(this.options.wallet(pending.request)) &&
        !keys.has(key)
      ) {
        batch.push(pending);
        keys.add(key);
      } else rest.push(pending);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending<Q, R>[]): Promise<void> {
    let outcomes: BatchOutcome<R>[];
    try {
      const clock = await this.options.clock();
      outcomes = await this.runWithRetries(
        batch.map((pending) => pending.request),
        clock,
      );
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const again: Pending<Q, R>[] = [];
    const preparing = new Map<string, { prepare: () => Promise<void>; waiting: Pending<Q, R>[] }>();
    batch.forEach((pending, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) pending.reject(new Error("the batch returned too few rows"));
      else if (outcome.kind === "done") pending.resolve(outcome.response);
      else if (outcome.kind === "refused") pending.reject(outcome.error);
      else if (outcome.kind === "again") again.push(pending);
      else if (pending.prepared) pending.reject(new Error("its rows could not be created"));
      else {
        const wallet = this.options.wallet(pending.request);
        const entry = preparing.get(wallet) ?? { prepare: outcome.prepare, waiting: [] };
        preparing.set(wallet, entry);
        pending.prepared = true;
        entry.waiting.push(pending);
      }
    });
    const waitingPrepare = [...preparing.values()].flatMap((entry) => entry.waiting);
    const settled = batch.length - again.length - waitingPrepare.length;
    if (settled > 0) this.options.onCommit?.(settled);
    await Promise.all(
      [...preparing.values()].map(async ({ prepare, waiting }) => {
        try {
          await prepare();
          again.push(...waiting);
        } catch (error) {
          for (const pending of waiting) pending.reject(error);
        }
      }),
    );
    // Back to the head of the queue in arrival order, ahead of the same wallets' later requests, while the wallets
    // are still busy.
    if (again.length > 0) this.queue.unshift(...batch.filter((pending) => again.includes(pending)));
  }

  private async runWithRetries(requests: readonly Q[], clock: C): Promise<BatchOutcome<R>[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.options.run(requests, clock);
      } catch (error) {
        if (!isDeadlock(error) || attempt >= this.deadlockRetries) throw error;
      }
    }
  }
}
