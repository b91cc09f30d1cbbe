import { farmNftAbi } from "@farm/contracts/abi";
import type { Crop } from "@farm/core";
import { useFarmContracts } from "@farm/ui/wallet";
import { useBlock, useConnection, useReadContracts } from "wagmi";
import { type GardenCrop, withChainState } from "./chain-crop";

/** The backend's crops with state, shares and payout overlaid from the chain at its latest block. */
export function useChainCrops(crops: readonly Crop[] | undefined): GardenCrop[] | undefined {
  const { farmNft } = useFarmContracts();
  const { address } = useConnection();
  const block = useBlock({ watch: true });
  const reads = useReadContracts({
    contracts: (crops ?? []).flatMap((crop) => [
      { address: farmNft, abi: farmNftAbi, functionName: "getInvoice", args: [BigInt(crop.cropId)] } as const,
      {
        address: farmNft,
        abi: farmNftAbi,
        functionName: "balanceOf",
        args: [address ?? "0x0000000000000000000000000000000000000000", BigInt(crop.cropId)],
      } as const,
    ]),
    query: { enabled: crops !== undefined && address !== undefined },
  });
  if (!crops) return undefined;
  const unchanged = (crop: Crop): GardenCrop => crop;
  if (!reads.data || !block.data) return crops.map(unchanged);
  const chainNow = new Date(Number(block.data.timestamp) * 1000);
  return crops.map((crop, index) => {
    const invoice = reads.data[index * 2];
    const shares = reads.data[index * 2 + 1];
    if (invoice?.status !== "success" || shares?.status !== "success") return unchanged(crop);
    // The reads alternate getInvoice and balanceOf; their types are narrowed here rather than cast.
    const [onChain, held] = [invoice.result, shares.result];
    if (typeof onChain !== "object" || typeof held !== "bigint") return unchanged(crop);
    return withChainState(crop, onChain, held, chainNow);
  });
}
