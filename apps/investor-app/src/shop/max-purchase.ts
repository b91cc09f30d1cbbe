import { GOLD_DECIMALS } from "@farm/core";
import { amountLeft, type ShopSeed } from "./shop-seed";

const unit = 10n ** BigInt(GOLD_DECIMALS);

/** The most this wallet can put in, as input text with every decimal: what is still open, capped by the balance. */
export function maxPurchaseText(
  seed: Pick<ShopSeed, "amount" | "funded">,
  balance: bigint | undefined,
): string {
  const open = amountLeft(seed);
  const max = balance !== undefined && balance < open ? balance : open;
  const fraction = (max % unit).toString().padStart(GOLD_DECIMALS, "0").replace(/0+$/, "");
  return fraction ? `${max / unit}.${fraction}` : (max / unit).toString();
}
