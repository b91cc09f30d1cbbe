import { farmNftAbi, goldTokenAbi } from "@farm/contracts/abi";
import { useT } from "@farm/ui";
import { describeTxError, signGoldPermit, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useConfig, useConnection, useReadContract } from "wagmi";
import { invoicesQueryKey } from "./use-invoices";

/** A payment confirmed on chain: what was paid, and what the chain says is still due after it. */
export type RepayPaid = { amount: bigint; dueAfter: bigint | undefined };

/**
 * The chain's side of repaying invoice `id`: the amount due, its terms and repayments (getInvoice, so the late fee
 * derived from both is exact) and the wallet's GOLD; `repay(amount)` signs a permit for exactly `amount` and sends
 * repayWithPermit (one signature, one transaction), then reads them all again.
 */
export function useRepay(id: string, onRepaid?: () => unknown) {
  const t = useT();
  const contracts = useFarmContracts();
  const wagmiConfig = useConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const { send, state, busy } = useTransactor();
  const [signing, setSigning] = useState(false);
  const [paid, setPaid] = useState<RepayPaid | null>(null);
  const [signError, setSignError] = useState<string | null>(null);
  const tokenId = BigInt(id);
  const farmNft = { address: contracts.farmNft, abi: farmNftAbi, args: [tokenId] } as const;
  const due = useReadContract({ ...farmNft, functionName: "amountDue" });
  const terms = useReadContract({ ...farmNft, functionName: "getInvoice" });
  const balance = useReadContract({
    address: contracts.goldToken,
    abi: goldTokenAbi,
    functionName: "balanceOf",
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address) },
  });

  const repay = async (amount: bigint, label: string) => {
    if (!address || amount === 0n || busy || signing) return;
    setSigning(true);
    setSignError(null);
    let permit: Awaited<ReturnType<typeof signGoldPermit>>;
    try {
      permit = await signGoldPermit(wagmiConfig, {
        owner: address,
        goldToken: contracts.goldToken,
        spender: contracts.farmNft,
        value: amount,
      });
    } catch (error) {
      setSignError(describeTxError(error, t));
      return;
    } finally {
      setSigning(false);
    }
    const receipt = await send(
      {
        address: contracts.farmNft,
        abi: farmNftAbi,
        functionName: "repayWithPermit",
        args: [tokenId, amount, permit.deadline, permit.v, permit.r, permit.s],
      },
      { label },
    );
    if (receipt) {
      const [dueAfter] = await Promise.all([due.refetch(), terms.refetch(), balance.refetch()]);
      setPaid({ amount, dueAfter: dueAfter.data });
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
      await onRepaid?.();
    }
  };

  return { address, due, terms, balance, repay, signing, busy, txState: state, paid, signError };
}
