import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { withAdvisoryXactLock } from "../adapters/db/advisory-lock";
import { outageOf } from "../errors/dependency";
import { chainClockOf } from "../notifications/hooks";
import { forgetProfile } from "../services/profile/profile-cache";
import { createChainClients, findDeploymentBlock, readDeploymentBlock } from "./adapter";
import { platformChainHooks } from "./hooks/platform";
import { ChainIndexer } from "./indexer/indexer";
import { type IndexerLock, PostgresAdvisoryLock, ProcessLock } from "./indexer/lock";
import type { ChainRuntime } from "./runtime";

declare module "fastify" {
  interface FastifyInstance {
    /** Chain clients, the operator signer, the index's hooks and the indexer. */
    chain: ChainRuntime;
  }
}

/** Advisory-lock key of the indexer of one chain: a fixed prefix plus the chain id, so chains index independently. */
const indexerLockKey = (chainId: number) => 7_236_120_000 + chainId;
/** Advisory-lock key under which an instance picks the operator's next nonce on one chain and sends. */
export const operatorNonceLockKey = (chainId: number) => 7_236_140_000 + chainId;

/**
 * Decorates `app.chain` and runs the event indexer while the app is up (when contracts are deployed and
 * INDEXER_ENABLED is on). Registers the game's XP hooks into the index's transactions.
 */
export const chainPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { publicClient, operator } = createChainClients({
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    operatorPrivateKey: config.operatorPrivateKey,
    receiptTimeoutMs: config.operatorReceiptTimeoutMs,
    requestTimeoutMs: config.resilience.rpcTimeoutMs,
    // Instances on one PostgreSQL may share the operator key; PGlite is one process, whose queue suffices.
    nonceLock: config.databaseUrl
      ? { hold: (send) => withAdvisoryXactLock(app.db, operatorNonceLockKey(config.chainId), send) }
      : undefined,
    fees: config.network?.gas,
    operatorObserver: {
      pendingChanged: (delta) => app.metrics.operatorPending.inc(delta),
      nonceWaited: (seconds) => app.metrics.operatorNonceWait.observe(seconds),
      gasPaid: (wei, outcome) => {
        app.metrics.operatorSpent.inc(Number(wei) / 1e18);
        app.metrics.operatorTransactions.inc({ outcome });
      },
    },
  });
  const hooks = platformChainHooks({
    adminAddresses: config.adminAddresses,
    emailJobs: app.emailJobs,
    history: { chainNow: chainClockOf(publicClient), cutoffMs: config.notifications.historyCutoffMs },
    // A harvest's XP is written by the index, not by a request of the wallet: its cached profile goes once committed.
    playersChanged: async (players) => {
      await Promise.all(players.map((address) => forgetProfile(app, address)));
    },
  });
  const addresses = app.contracts;
  let indexer: ChainIndexer | null = null;
  if (addresses) {
    const lock: IndexerLock = config.databaseUrl
      ? new PostgresAdvisoryLock(config.databaseUrl, indexerLockKey(config.chainId))
      : new ProcessLock(app.db);
    // Never from block 0: the configured block, else the deployment file's, else the block that created GoldToken
    // (deployed first), asked of the node at the first poll.
    const knownStart = config.indexer.startBlock ?? (await readDeploymentBlock(config.deploymentsFile));
    indexer = new ChainIndexer({
      db: app.db,
      client: publicClient,
      chainId: config.chainId,
      addresses,
      startBlock: knownStart ?? (() => findDeploymentBlock(publicClient, addresses.goldToken)),
      confirmations: config.indexer.confirmations,
      blockRange: config.indexer.blockRange,
      pollIntervalMs: config.indexer.pollIntervalMs,
      reorgDepth: config.indexer.reorgDepth,
      onSync: (result) => {
        app.metrics.indexerEvents.inc(result.events);
        if (result.reorgAncestor !== null) app.metrics.indexerReorgs.inc();
      },
      onPollError: () => app.metrics.indexerPollErrors.inc(),
      hooks,
      lock,
      logger: app.log,
      reportPollFailure: (error) => {
        const outage = outageOf(error);
        if (outage) app.outages.failed(outage.dependency, outage.code);
        return outage !== null;
      },
    });
  }
  const runtime: ChainRuntime = {
    chainId: config.chainId,
    publicClient,
    operator,
    addresses,
    hooks,
    indexer,
    deploymentBlock: addresses
      ? (config.indexer.startBlock ?? (await readDeploymentBlock(config.deploymentsFile)) ?? undefined)
      : undefined,
  };
  app.decorate("chain", runtime);
  app.addHook("onReady", async () => {
    if (config.indexer.enabled) indexer?.start();
  });
  app.addHook("onClose", async () => {
    await indexer?.stop();
  });
});
