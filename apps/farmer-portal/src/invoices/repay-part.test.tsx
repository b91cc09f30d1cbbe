import { ONE_GOLD } from "@farm/core";
import { goldInWords, LanguageSwitch } from "@farm/ui";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { repayReads } from "../test-support/repay-reads";
import { RepayInvoice } from "./RepayInvoice";

afterEach(cleanup);

// Invoice #7 owes 3,240 GOLD (3,000 principal + 8 % fee).
const due = 3_240n * ONE_GOLD;
const field = () => screen.getByLabelText(/Jumlah yang dibayar|Amount to pay/) as HTMLInputElement;
const button = () => screen.getByTestId("repay-7") as HTMLButtonElement;
const type = (text: string) => act(() => void fireEvent.change(field(), { target: { value: text } }));
const click = (element: HTMLElement) => act(() => void fireEvent.click(element));

describe("paying part of an invoice", () => {
  it("offers all that is due, and checks a part typed the Indonesian way in figures and words before sending", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, repayReads(5_000n * ONE_GOLD, due), "id");
    expect(field().value).toBe("3240");
    expect(button().textContent).toBe("Lunasi dari dompet saya");
    type("1.000,50");
    expect(button().textContent).toBe("Bayar sebagian ini dari dompet saya");
    click(button());
    const part = 1_000n * ONE_GOLD + ONE_GOLD / 2n;
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(part.toString());
    expect(screen.getByTestId("gold-check-amount").textContent).toBe("1.000,5 GOLD");
    expect(screen.getByTestId("gold-check-words").textContent).toBe(goldInWords(part, "id"));
    expect(
      screen.getByText(/^Bayar sebagian faktur #7 dari dompet ini: 2\.239,5 GOLD masih terutang/),
    ).toBeTruthy();
    click(screen.getByTestId("gold-check-change"));
    // "Pay all" puts back the whole amount due.
    click(screen.getByRole("button", { name: "Bayar seluruh yang terutang" }));
    expect(field().value).toBe("3240");
    click(button());
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(due.toString());
    expect(screen.getByText(/^Lunasi faktur #7 dari dompet ini/)).toBeTruthy();
  });

  it("refuses more than is due, nothing, and another language's form, saying why", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, repayReads(5_000n * ONE_GOLD, due), "id");
    type("3.240,01");
    expect(screen.getByRole("alert").textContent).toBe(
      "Itu lebih dari yang terutang: paling banyak 3.240 GOLD.",
    );
    expect(button().disabled).toBe(true);
    type("0");
    expect(button().disabled).toBe(true);
    type("2.5");
    expect(field().getAttribute("aria-invalid")).toBe("true");
    expect(button().disabled).toBe(true);
    type("3.240");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(button().disabled).toBe(false);
  });

  it("lets a wallet short of the whole amount pay what it holds", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, repayReads(3_000n * ONE_GOLD, due), "en");
    expect(screen.getByTestId("shortfall-7").textContent).toContain("240 GOLD");
    expect(button().disabled).toBe(true);
    click(screen.getByTestId("repay-wallet-7"));
    expect(field().value).toBe("3000");
    expect(screen.queryByTestId("shortfall-7")).toBeNull();
    expect(button().disabled).toBe(false);
    click(button());
    expect(screen.getByTestId("gold-check-amount").textContent).toBe("3,000 GOLD");
    expect(
      screen.getByText(/^Pay part of invoice #7 from this wallet: 240 GOLD stays due after it/),
    ).toBeTruthy();
  });

  it("keeps a part typed on an English page when the page turns Indonesian, re-written, never re-read", () => {
    renderWithWallet(
      <>
        <LanguageSwitch />
        <RepayInvoice tokenId="7" />
      </>,
      repayReads(5_000n * ONE_GOLD, due),
      "en",
    );
    type("1,000.5");
    act(() => void fireEvent.change(screen.getByTestId("language-switch"), { target: { value: "id" } }));
    expect(field().value).toBe("1000,5");
    click(button());
    const part = 1_000n * ONE_GOLD + ONE_GOLD / 2n;
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(part.toString());
  });
});
