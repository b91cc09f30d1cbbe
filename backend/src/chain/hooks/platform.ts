import { gameChainHooks } from "../../services/game/hooks";
import { ChainHookRegistry } from "./registry";

/**
 * The hooks the platform runs inside the index's transactions (the game's XP, counters and scores for plantings and
 * harvests, taken back after a reorg): the backend's indexer and the benchmarks wire the same set.
 */
export function platformChainHooks(): ChainHookRegistry {
  const hooks = new ChainHookRegistry();
  hooks.register(gameChainHooks());
  return hooks;
}
