import { type BuyerDecision, buyerConfirmationTypedData, type ConfirmationView } from "@farm/core";
import type { Hex } from "viem";

/** The EIP-712 BuyerConfirmation the buyer's wallet signs for this link's invoice, or null without contracts. */
export function typedDataFor(view: ConfirmationView, decision: BuyerDecision) {
  if (!view.signing) return null;
  return buyerConfirmationTypedData({
    chainId: view.signing.chainId,
    farmNft: view.signing.verifyingContract as Hex,
    tokenId: BigInt(view.tokenId),
    invoiceNumber: view.invoiceNumber,
    amount: BigInt(view.amount),
    dueDate: view.dueDate,
    documentHash: view.documentHash as Hex,
    decision,
  });
}
