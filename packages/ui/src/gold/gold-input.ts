import {
  formatSen,
  type GoldTextProblem,
  type GoldTextResult,
  MAX_INVOICE_AMOUNT,
  ONE_GOLD,
  parseAmountText,
} from "@farm/core";
import type { Language, Translate } from "../i18n/types";

/** The most GOLD any money input takes: the contract's largest invoice (uint96), so no amount can overflow it. */
export const MAX_GOLD_INPUT = MAX_INVOICE_AMOUNT;

/**
 * Reads what a person typed as GOLD in the page's language, or as Rupiah ("Rp1.500.000") converted at the deployment's
 * rate when it has one (`useRupiahRate`): the one parser of every money input.
 */
export function readGoldInput(
  text: string,
  language: Language,
  maximum = MAX_GOLD_INPUT,
  rupiahPerGold: bigint | null = null,
): GoldTextResult {
  return parseAmountText(text, language, maximum, rupiahPerGold);
}

/** A refusal in the page's language, with the form it expects. `zero` is for inputs that need more than nothing. */
export function goldProblemText(t: Translate, problem: GoldTextProblem | { kind: "zero" }): string {
  const example = t("gold.example");
  if (problem.kind === "tooManyDecimals" || problem.kind === "rupiahTooManyDecimals")
    return t(`gold.problem.${problem.kind}`, { decimals: problem.decimals });
  // Whole GOLD of the maximum fits a float exactly (below 2^53), so t() writes it with the language's separators.
  if (problem.kind === "tooLarge")
    return t("gold.problem.tooLarge", { maximum: Number(problem.maximum / ONE_GOLD) });
  return t(`gold.problem.${problem.kind}`, { example });
}

/** An amount field's hint: the GOLD form the language expects, and the Rupiah form too when the deployment has a rate. */
export function goldHintText(t: Translate, language: Language, rupiahPerGold: bigint | null): string {
  const example = t("gold.example");
  if (rupiahPerGold === null) return t("gold.hint", { example });
  return t("gold.hintRupiah", { example, rupiah: formatSen(150_000_000n, language) });
}
