import { within } from "@testing-library/react";

/** A rendered table's cells row by row, as text: how a chart's text equivalent is compared in tests. */
export function tableRows(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));
}
