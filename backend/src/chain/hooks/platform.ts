import { gameChainHooks } from "../../services/game/hooks";
import { ChainHookRegistry, type ChainHooks } from "./registry";

/**
 * Each feature's own hooks on indexed events, written in the feature (the game's XP, counters and scores for plantings
 * and harvests, taken back after a reorg). A feature that reacts to the chain adds its factory here.
 */
const featureHooks: readonly (() => ChainHooks)[] = [gameChainHooks];

/** The hooks the platform runs inside the index's transactions: the backend's indexer and the benchmarks wire the same set. */
export function platformChainHooks(): ChainHookRegistry {
  const hooks = new ChainHookRegistry();
  for (const hooksOf of featureHooks) hooks.register(hooksOf());
  return hooks;
}
