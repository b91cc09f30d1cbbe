import { type AmountStyle, goldInputText } from "@farm/core";
import { amountLeft, type ShopSeed } from "./shop-seed";

/** The most this wallet can put in, as input text in the page's language with every decimal: what is still open,
 *  capped by the balance and by what the wallet's limit leaves. */
export function maxPurchaseText(
  seed: Pick<ShopSeed, "amount" | "funded">,
  balance: bigint | undefined,
  language: AmountStyle,
  available: bigint | null = null,
): string {
  let most = amountLeft(seed);
  if (balance !== undefined && balance < most) most = balance;
  if (available !== null && available < most) most = available;
  return goldInputText(most, language);
}
