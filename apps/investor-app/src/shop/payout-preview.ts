import {
  type AmountStyle,
  type GoldTextProblem,
  investmentYield,
  MAX_INVOICE_AMOUNT,
  MS_PER_DAY,
  parseAmountText,
} from "@farm/core";
import type { Address } from "viem";
import { amountLeft, type ShopSeed } from "./shop-seed";

export type PayoutPreview =
  | { ok: false; reason: "empty" | "zero" | "belowMinimum" | "ownSeed" | "noBalance" }
  | { ok: false; reason: "aboveLimit"; available: bigint }
  | { ok: false; reason: "amount"; problem: GoldTextProblem }
  | {
      ok: true;
      principal: bigint;
      /** True when more was entered than the seed still needs: the contract takes only what is left. */
      capped: boolean;
      yield: bigint;
      payout: bigint;
      /** True when this purchase fills the seed: it is funded now and matures tenorDays from now. */
      fillsSeed: boolean;
      /** Maturity when fillsSeed; otherwise the latest possible maturity (funding deadline + term). */
      maturity: Date;
    };

/** The contract's rules for a purchase that the preview checks before a signature is asked for. */
export interface PurchaseRules {
  /** FarmNFT.minInvestment(); null while unknown (the contract still checks). */
  minInvestment: bigint | null;
  /** The connected wallet: a farmer cannot buy its own seed. */
  buyer: Address | null;
  /** What the wallet's credential still allows it to hold (limit - outstanding); null while unknown (FarmNFT checks). */
  available?: bigint | null;
}

/** What the investor typed, to be read in the page's language ("1.000" is a thousand on an Indonesian page). */
export interface TypedAmount {
  text: string;
  language: AmountStyle;
  /** The deployment's Rupiah rate, so "Rp1.500.000" reads as its GOLD; null: GOLD only. */
  rupiahPerGold?: bigint | null;
}

/**
 * What buying the typed GOLD of a seed pays back and when: principal plus its slice of the financing fee once the
 * farmer repays (@farm/core yield math, which mirrors FarmNFT). More than the seed needs buys only what is left, as
 * the contract does. The maturity is only certain when this purchase fills the seed.
 */
export function previewPayout(
  seed: ShopSeed,
  typed: TypedAmount,
  balance: bigint | null,
  now: Date,
  rules: PurchaseRules = { minInvestment: null, buyer: null },
): PayoutPreview {
  const read = parseAmountText(typed.text, typed.language, MAX_INVOICE_AMOUNT, typed.rupiahPerGold ?? null);
  if (!read.ok)
    return read.problem.kind === "empty"
      ? { ok: false, reason: "empty" }
      : { ok: false, reason: "amount", problem: read.problem };
  const entered = read.amount;
  if (entered === 0n) return { ok: false, reason: "zero" };
  if (rules.buyer && rules.buyer.toLowerCase() === seed.farmer.toLowerCase())
    return { ok: false, reason: "ownSeed" };
  const left = amountLeft(seed);
  // Never more than is left (bigints: Math.min does not take them).
  let principal = entered;
  if (left < principal) principal = left;
  if (principal < left && rules.minInvestment !== null && principal < rules.minInvestment) {
    return { ok: false, reason: "belowMinimum" };
  }
  if (rules.available != null && principal > rules.available)
    return { ok: false, reason: "aboveLimit", available: rules.available };
  if (balance !== null && principal > balance) return { ok: false, reason: "noBalance" };
  // The purchase's slice of the fee, after the shares already sold: what it earns once the farmer repays.
  const yieldAmount = investmentYield(principal, seed.yieldBps, seed.funded);
  const fillsSeed = principal === amountLeft(seed);
  const start = fillsSeed ? now.getTime() : seed.fundingDeadline.getTime();
  return {
    ok: true,
    principal,
    capped: entered > left,
    yield: yieldAmount,
    payout: principal + yieldAmount,
    fillsSeed,
    maturity: new Date(start + seed.tenorDays * MS_PER_DAY),
  };
}
