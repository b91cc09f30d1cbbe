import { ChainHookRegistry } from "../../indexer/hooks";
import { notificationChainHooks } from "../../notifications/hooks";
import { gameChainHooks } from "../game/hooks";

/**
 * The hooks the platform runs inside the index's transactions (the game's XP, counters and scores for plantings and
 * harvests, taken back after a reorg): the backend's indexer and the benchmarks wire the same set.
 */
export function platformChainHooks(adminAddresses: readonly string[] = []): ChainHookRegistry {
  const hooks = new ChainHookRegistry();
  hooks.register(gameChainHooks());
  hooks.register(notificationChainHooks(adminAddresses));
  return hooks;
}
