import { and, eq, gt, inArray, max } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { chainEvents } from "../db/schema/chain";
import { outageOf } from "../errors/dependency";

const pollMs = 1_000;

/**
 * Admin rights follow the chain within seconds: every instance watches the index for RoleGranted and RoleRevoked
 * events of FarmNFT and drops the cached identity of each account named, so a revoked admin loses access at its next
 * request (the identity cache alone kept it up to 30 s). Reads the shared index, so it works on every instance
 * whichever one runs the indexer.
 */
export const roleWatchPlugin = fp(async (app: FastifyInstance) => {
  if (!app.contracts) return;
  let seenBlock: number | null = null;
  let running = false;
  const poll = async () => {
    if (running) return;
    running = true;
    try {
      if (seenBlock === null) {
        const [row] = await app.db.select({ block: max(chainEvents.blockNumber) }).from(chainEvents);
        seenBlock = row?.block ?? 0;
        return;
      }
      const rows = await app.db
        .select({ block: chainEvents.blockNumber, args: chainEvents.args })
        .from(chainEvents)
        .where(
          and(
            gt(chainEvents.blockNumber, seenBlock),
            eq(chainEvents.contract, "farmNft"),
            inArray(chainEvents.eventName, ["RoleGranted", "RoleRevoked"]),
          ),
        )
        .orderBy(chainEvents.blockNumber)
        .limit(500);
      for (const row of rows) {
        const account = (row.args as { account?: unknown }).account;
        if (typeof account === "string") await app.identity.invalidate(account);
        seenBlock = Math.max(seenBlock, row.block);
      }
    } catch (error) {
      const outage = outageOf(error);
      if (outage) app.outages.failed(outage.dependency, outage.code);
      else app.log.warn({ err: error }, "role watch failed; retrying");
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await poll();
    timer = setInterval(poll, pollMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
});
