import { useMemo } from "react";
import { plantsInGarden } from "./sold-crops";
import { useChainCrops } from "./use-chain-crops";
import { useCrops } from "./use-crops";

/**
 * The signed-in investor's crops: backend game state (water, names) with the chain's money state on top; a plant whose
 * every share was sold on the market leaves the garden (the chain's balance says so before the index does).
 */
export function useGardenCrops() {
  const crops = useCrops();
  const chain = useChainCrops(crops.data);
  const data = useMemo(() => (chain ? plantsInGarden(chain) : undefined), [chain]);
  return { data, error: crops.error };
}
