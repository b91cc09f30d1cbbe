import { investmentYield, parseGold } from "@farm/core";
import { amountLeft, type ShopSeed } from "./shop-seed";

const dayMs = 86_400_000;

export type PayoutPreview =
  | { ok: false; reason: "empty" | "invalid" | "zero" | "tooMuch" | "noBalance" }
  | {
      ok: true;
      principal: bigint;
      yield: bigint;
      payout: bigint;
      /** True when this purchase fills the seed: it is funded now and matures tenorDays from now. */
      fillsSeed: boolean;
      /** Maturity when fillsSeed; otherwise the latest possible maturity (funding deadline + term). */
      maturity: Date;
    };

/**
 * What buying `amountText` GOLD of a seed pays back and when: principal plus the yield the contract reserves for it
 * (@farm/core yield math, which mirrors FarmNFT). The maturity is only certain when this purchase fills the seed.
 */
export function previewPayout(
  seed: ShopSeed,
  amountText: string,
  balance: bigint | null,
  now: Date,
): PayoutPreview {
  if (amountText.trim() === "") return { ok: false, reason: "empty" };
  let principal: bigint;
  try {
    principal = parseGold(amountText);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (principal === 0n) return { ok: false, reason: "zero" };
  if (principal > amountLeft(seed)) return { ok: false, reason: "tooMuch" };
  if (balance !== null && principal > balance) return { ok: false, reason: "noBalance" };
  // The purchase's slice of the fee, after the shares already sold: what it earns once the farmer repays.
  const yieldAmount = investmentYield(principal, seed.yieldBps, seed.funded);
  const fillsSeed = principal === amountLeft(seed);
  const start = fillsSeed ? now.getTime() : seed.fundingDeadline.getTime();
  return {
    ok: true,
    principal,
    yield: yieldAmount,
    payout: principal + yieldAmount,
    fillsSeed,
    maturity: new Date(start + seed.tenorDays * dayMs),
  };
}
