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
 * The chain's clock read at most once per indexer poll: the first call within a poll asks the node and the poll's
 * later transactions reuse that answer (a poll with nothing to notify asks nothing); outside a poll (the crop sync),
 * every call asks. A clock read a little early only counts more events as news.
 */
export function pollScopedClock(chainNow: () => Promise<Date | null>) {
  let inPoll = false;
  let polled: Promise<Date | null> | null = null;
  return {
    pollStarted: () => {
      inPoll = true;
      polled = null;
    },
    pollEnded: () => {
      inPoll = false;
      polled = null;
    },
    now: (): Promise<Date | null> => {
      if (!inPoll) return chainNow();
      polled ??= chainNow().catch(() => null);
      return polled;
    },
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
  return {
    onPollStarted: clock.pollStarted,
    onPollEnded: clock.pollEnded,
    onInvoiceEventsIndexed: async (tx, events) => {
      const notified = events.filter(isNotifiedEvent);
      if (notified.length === 0) return;
      const now = await clock.now();
      const emailSince = now === null ? undefined : new Date(now.getTime() - history.cutoffMs);
      await notifyInvoiceEvents(tx, jobs, notified, adminAddresses, emailSince);
    },
    onMarketFillsIndexed: async (tx, fills) => {
      if (!fills.some((fill) => fill.kind === "listing")) return;
      const now = await clock.now();
      await notifyMarketFills(
        tx,
        jobs,
        fills,
        now === null ? undefined : new Date(now.getTime() - history.cutoffMs),
      );
    },
  };
}
