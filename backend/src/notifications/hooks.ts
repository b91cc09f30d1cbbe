import type { ChainHooks } from "../chain/hooks/registry";
import { isNotifiedEvent, notifyInvoiceEvents } from "./chain-producer";
import type { EmailJobSender } from "./jobs";
import { notifyMarketFills } from "./market-producer";

/** How the notifications' hook tells news from history (decision 0048). */
export interface NotificationHistory {
  /** The chain's own time (the latest block's), or null when the node cannot say. */
  chainNow: () => Promise<Date | null>;
  /** Events older than this on the chain's clock are history: inbox only, no e-mail. */
  cutoffMs: number;
}

/** The chain's clock as the hook reads it: the latest block's time, or null when the node cannot be read. */
export const chainClockOf =
  (client: { getBlock(options: { blockTag: "latest" }): Promise<{ timestamp: bigint }> }) =>
  (): Promise<Date | null> =>
    client.getBlock({ blockTag: "latest" }).then(
      (block) => new Date(Number(block.timestamp) * 1000),
      () => null,
    );

export { defaultHistoryCutoffMs } from "../config/notifications";

/**
 * The chain's clock read once per indexer poll: asked for when the poll starts (a round trip to the node that then
 * overlaps the fetching instead of holding the writing transaction) and that answer used until it ends; outside a poll
 * (the crop sync), asked for at each call. A clock read a little early only counts more events as news.
 */
export function pollScopedClock(chainNow: () => Promise<Date | null>) {
  let polled: Promise<Date | null> | null = null;
  return {
    pollStarted: () => {
      polled = chainNow().catch(() => null);
    },
    pollEnded: () => {
      polled = null;
    },
    now: (): Promise<Date | null> => polled ?? chainNow(),
  };
}

/**
 * The notifications' part of the index's hooks: lifecycle events become notifications in the index's transaction.
 * An event older than the cut-off on the chain's clock (an index rebuilt from the deployment block, a backfill into an
 * empty database, an indexer that was away for days) is history: it reaches the inbox, never an e-mail. When the
 * chain's time cannot be read, everything counts as news: a missed reminder costs more than an old one.
 */
export function notificationChainHooks(
  jobs: EmailJobSender,
  history: NotificationHistory,
  adminAddresses: readonly string[] = [],
): ChainHooks {
  const clock = pollScopedClock(history.chainNow);
  const chainNow = clock.now;
  return {
    onPollStarted: clock.pollStarted,
    onPollEnded: clock.pollEnded,
    onInvoiceEventsIndexed: async (tx, events) => {
      const notified = events.filter(isNotifiedEvent);
      if (notified.length === 0) return;
      const now = await chainNow();
      const emailSince = now === null ? undefined : new Date(now.getTime() - history.cutoffMs);
      await notifyInvoiceEvents(tx, jobs, notified, adminAddresses, emailSince);
    },
    onMarketFillsIndexed: async (tx, fills) => {
      if (!fills.some((fill) => fill.kind === "listing")) return;
      const now = await chainNow();
      await notifyMarketFills(
        tx,
        jobs,
        fills,
        now === null ? undefined : new Date(now.getTime() - history.cutoffMs),
      );
    },
  };
}
