import { type AmountStyle, goldInputText } from "@farm/core";
import { amountLeft, type ShopSeed } from "./shop-seed";

/** The most this wallet can put in, as input text in the page's language with every decimal: what is still open,
 *  capped by the balance. */
export function maxPurchaseText(
  seed: Pick<ShopSeed, "amount" | "funded">,
  balance: bigint | undefined,
  language: AmountStyle,
): string {
  const open = amountLeft(seed);
  return goldInputText(balance !== undefined && balance < open ? balance : open, language);
}
