import { ONE_GOLD } from "@farm/core";
import { readContractQueryKey } from "wagmi/query";
import { testContracts } from "./render-with-wallet";

/** Invoice #7's terms and repayments as FarmNFT.getInvoice answers (the fields the repay box reads). */
export type TermsRead = { amount: bigint; repaid: bigint; yieldBps: number; tenorDays: number };

export const invoice7: TermsRead = { amount: 3_000n * ONE_GOLD, repaid: 0n, yieldBps: 800, tenorDays: 30 };

/**
 * The chain's answers the repay box reads for invoice #7, seeded in the query cache under wagmi's own keys (nothing is
 * fetched): the amount due, the invoice's terms and repayments, and the wallet's GOLD (read before a wallet connects,
 * its key has no address).
 */
export function repayReads(
  balance: bigint,
  amountDue: bigint,
  terms: TermsRead = invoice7,
): [readonly unknown[], unknown][] {
  const farmNft = (functionName: string) =>
    readContractQueryKey({ address: testContracts.farmNft, functionName, args: [7n], chainId: 31337 });
  return [
    [farmNft("amountDue"), amountDue],
    [farmNft("getInvoice"), terms],
    [
      readContractQueryKey({ address: testContracts.goldToken, functionName: "balanceOf", chainId: 31337 }),
      balance,
    ],
  ];
}
