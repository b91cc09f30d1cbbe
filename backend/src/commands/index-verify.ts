import { buildApp } from "../app";
import { checkRpcChain } from "../chain/chain-check";
import { ConfigError } from "../config/config-error";
import { configOrExit, exitOnConfigError } from "./config-or-exit";
import { chainDigests, type TableDigest, wipeChainIndex } from "./index-digest";

/**
 * `npm run index:verify -w backend [-- --rebuild]`: prints a digest per chain-determined table. With --rebuild it
 * takes the indexer lock, empties the index, indexes again from the deployment block and prints both digests; the
 * last line is JSON with `identical`. A running instance with the indexer on holds the lock for as long as it runs, so
 * --rebuild needs every instance restarted with INDEXER_ENABLED=false (or stopped) first; it says so and exits 1.
 */
async function main() {
  const config = configOrExit();
  const rebuild = process.argv.includes("--rebuild");
  const app = await buildApp({ ...config, logLevel: "warn", indexer: { ...config.indexer, enabled: false } });
  try {
    // Never wipe and re-index from a node of another chain than the index's.
    await checkRpcChain(app);
    await app.ready();
    const print = (label: string, digests: TableDigest[]) => {
      for (const d of digests) process.stdout.write(`${label}\t${d.table}\t${d.rows}\t${d.md5}\n`);
    };
    if (!rebuild) {
      const digests = await chainDigests(app.db);
      print("index", digests);
      process.stdout.write(`${JSON.stringify({ digests })}\n`);
      return;
    }
    const indexer = app.chain.indexer;
    if (!indexer)
      throw new ConfigError(
        `index:verify --rebuild: no contracts for chain ${config.chainId}: set DEPLOYMENTS_FILE or the *_ADDRESS variables`,
      );
    // Catching up first takes the lock (held until close), so the wipe and the rebuild are this instance's alone.
    const caughtUp = await indexer.syncOnce();
    if (!caughtUp.leader) throw new ConfigError(lockHeldMessage);
    const before = await chainDigests(app.db);
    print("before", before);
    const started = performance.now();
    await wipeChainIndex(app.db, app.chain.chainId, app.chain.hooks);
    const rebuilt = await indexer.syncOnce();
    const seconds = (performance.now() - started) / 1000;
    const after = await chainDigests(app.db);
    print("after", after);
    const identical = JSON.stringify(before) === JSON.stringify(after);
    process.stdout.write(
      `${JSON.stringify({ identical, events: rebuilt.events, seconds, before, after })}\n`,
    );
    if (!identical) process.exitCode = 1;
  } finally {
    await app.close();
  }
}

/** The indexer's leader keeps its lock while it runs: waiting never helps, the instances must let go of it. */
const lockHeldMessage =
  "index:verify --rebuild: a running instance holds the indexer lock (its leader keeps it while it runs). Restart every instance with INDEXER_ENABLED=false (they keep serving) or stop them, run this again, then restart them with INDEXER_ENABLED=true.";

await main().catch(exitOnConfigError);
