import { goldTokenAbi } from "@farm/contracts/abi";
import { useFarmContracts } from "@farm/ui/wallet";
import { useConnection, useReadContract } from "wagmi";

/** The connected wallet's GOLD balance in base units; undefined while unknown or not connected. */
export function useGoldBalance() {
  const { goldToken } = useFarmContracts();
  const { address } = useConnection();
  return useReadContract({
    address: goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: address !== undefined },
  });
}
