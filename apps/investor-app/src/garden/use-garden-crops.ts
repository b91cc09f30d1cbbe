import { useChainCrops } from "./use-chain-crops";
import { useCrops } from "./use-crops";

/** The signed-in investor's crops: backend game state (water, names) with the chain's money state on top. */
export function useGardenCrops() {
  const crops = useCrops();
  const data = useChainCrops(crops.data);
  return { data, error: crops.error };
}
