import { type NotificationHistory, notificationChainHooks } from "../../notifications/hooks";
import type { EmailJobSender } from "../../notifications/jobs";
import { gameChainHooks } from "../../services/game/hooks";
import { ChainHookRegistry, type ChainHooks } from "./registry";

/** What a feature's hooks may need to know of the platform. */
export interface PlatformHookContext {
  /** Admins named in the configuration (ADMIN_ADDRESSES), beside those the index has seen granted ADMIN_ROLE. */
  adminAddresses: readonly string[];
  /** The e-mail job queue the notifications' jobs go to, in the index's transaction. */
  emailJobs: EmailJobSender;
  /** What is history, not news: events older than `cutoffMs` on the chain's clock (`chainNow`) are not e-mailed. */
  history: NotificationHistory;
  /** Told, after an index transaction commits, which players' XP or scores it changed (the backend drops their cached profiles). */
  playersChanged?: (addresses: string[]) => Promise<void>;
}

/**
 * Each feature's own hooks on indexed events, written in the feature: the game's XP, counters and scores for plantings
 * and harvests (taken back after a reorg), the notifications the lifecycle events cause. A feature that reacts to the
 * chain adds its factory here.
 */
const featureHooks: readonly ((context: PlatformHookContext) => ChainHooks)[] = [
  ({ playersChanged }) => gameChainHooks(undefined, playersChanged),
  ({ adminAddresses, emailJobs, history }) => notificationChainHooks(emailJobs, history, adminAddresses),
];

/** The hooks the platform runs inside the index's transactions: the backend's indexer and the benchmarks wire the same set. */
export function platformChainHooks(context: PlatformHookContext): ChainHookRegistry {
  const hooks = new ChainHookRegistry();
  for (const hooksOf of featureHooks) hooks.register(hooksOf(context));
  return hooks;
}
