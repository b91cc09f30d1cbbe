import { buildApp } from "../app";
import { configOrExit } from "./config-or-exit";
import { chainDigests, type TableDigest, wipeChainIndex } from "./index-digest";

/**
 * `npm run index:verify -w backend [-- --rebuild]`: prints a digest per chain-determined table. With --rebuild it
 * takes the indexer lock, empties the index, indexes again from the deployment block and prints both digests; the
 * last line is JSON with `identical`. Other instances may keep running: they wait for the lock.
 */
async function main() {
  const config = configOrExit();
  const rebuild = process.argv.includes("--rebuild");
  const app = await buildApp({ ...config, logLevel: "warn", indexer: { ...config.indexer, enabled: false } });
  try {
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
    if (!indexer) throw new Error("no contracts configured: nothing to index");
    // Catching up first takes the lock (held until close), so the wipe and the rebuild are this instance's alone.
    const caughtUp = await indexer.syncOnce();
    if (!caughtUp.leader) throw new Error("another instance holds the indexer lock; try again");
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

await main();
