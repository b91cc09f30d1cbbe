import { fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import type { Language } from "../i18n/types";
import { amountCases } from "./amount-cases";

/**
 * Types every row of the shared table for `language` into a rendered money input and sends it: a readable amount must
 * reach the check step with its base units, a refused one must not, and `refusalShown` must find the row's message.
 * A test-only entry (`@farm/ui/amount-input-check`), so every money input is held to the one table the same way.
 */
export function expectInputReadsAmountTable(
  language: Language,
  parts: { input(): HTMLElement; submit(): HTMLElement; refusalShown(message: string): void },
): void {
  for (const row of amountCases.filter((candidate) => candidate.language === language)) {
    fireEvent.change(parts.input(), { target: { value: row.text } });
    fireEvent.click(parts.submit());
    if ("amount" in row) {
      expect([row.text, screen.getByTestId("gold-check-amount").getAttribute("data-base-units")]).toEqual([
        row.text,
        row.amount.toString(),
      ]);
      fireEvent.click(screen.getByTestId("gold-check-change"));
    } else {
      expect(screen.queryByTestId("gold-check")).toBeNull();
      parts.refusalShown(row.refused);
    }
  }
}
