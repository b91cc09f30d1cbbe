import {
  type ChainHookRegistry,
  ChainIndexer,
  chainClockOf,
  connectDatabase,
  createChainClients,
  defaultHistoryCutoffMs,
  ProcessLock,
  platformChainHooks,
  startSendingOnly,
} from "@farm/backend/bench-kit";
import type { Address } from "viem";

export interface BackfillOptions {
  databaseUrl: string;
  rpcUrl: string;
  chainId: number;
  addresses: { goldToken: Address; goldFaucet: Address; farmNft: Address; farmVault: Address };
  startBlock: number;
  blockRange: number;
  /** The backfill must reach this block with exactly this many events, or it throws. */
  expect: { head: number; events: number };
  /** Registers probes beside the platform's hooks (they run inside the indexer's transactions). */
  probe?: (hooks: ChainHookRegistry) => void;
  /** Called just before and just after the timed sync (memory sampling starts and stops there). */
  onStart?: () => void;
  onEnd?: () => void;
}

/**
 * One full backfill into the database at `databaseUrl`, with the indexer, its chain client and the hooks wired as the
 * backend wires them (chain/plugin.ts: the game grants XP for every planting and harvest in the same transactions),
 * so the figure is the backfill a real instance does. Returns the seconds of the sync alone.
 */
export async function timedBackfill(options: BackfillOptions): Promise<number> {
  const connection = await connectDatabase({ databaseUrl: options.databaseUrl, dataDir: "unused" });
  // The notifications' jobs are created in the indexer's transactions, as on a backend (no delivery here).
  const emailJobs = await startSendingOnly(options.databaseUrl);
  try {
    const { publicClient } = createChainClients({
      rpcUrl: options.rpcUrl,
      chainId: options.chainId,
      operatorPrivateKey: undefined,
      requestTimeoutMs: 60_000,
    });
    const hooks = platformChainHooks({
      adminAddresses: [],
      emailJobs,
      history: { chainNow: chainClockOf(publicClient), cutoffMs: defaultHistoryCutoffMs },
    });
    options.probe?.(hooks);
    const indexer = new ChainIndexer({
      db: connection.db,
      client: publicClient,
      chainId: options.chainId,
      addresses: options.addresses,
      startBlock: options.startBlock,
      confirmations: 0,
      blockRange: options.blockRange,
      pollIntervalMs: 1000,
      hooks,
      lock: new ProcessLock(connection.db),
    });
    options.onStart?.();
    const started = performance.now();
    const result = await indexer.syncOnce();
    const seconds = (performance.now() - started) / 1000;
    options.onEnd?.();
    await indexer.stop();
    const { head, events } = options.expect;
    if (result.indexed !== head || result.events !== events) {
      throw new Error(
        `backfill indexed ${result.events} events to block ${result.indexed}; expected ${events} to ${head}`,
      );
    }
    return seconds;
  } finally {
    await emailJobs.stop();
    await connection.close();
  }
}
