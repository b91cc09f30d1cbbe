/** The permit signature lives in @farm/ui so the farmer portal's repayment signs it the same way. */
export { type PermitSignature, signGoldPermit } from "@farm/ui/wallet";
