import { ONE_GOLD } from "@farm/core";
import { goldInWords } from "@farm/ui";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { repayReads } from "../test-support/repay-reads";
import { RepayInvoice } from "./RepayInvoice";

const due = 3_240n * ONE_GOLD;
const chainReads = (balance: bigint, amountDue = due, repaid = 0n) =>
  repayReads(balance, amountDue, { amount: 3_000n * ONE_GOLD, repaid, yieldBps: 800, tenorDays: 30 });

describe("repaying an invoice: check before you send", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("shows the amount due in the page's figures and in words before anything is signed, and Change goes back", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, chainReads(5_000n * ONE_GOLD), "id");
    expect(screen.queryByTestId("gold-check")).toBeNull();
    act(() => {
      fireEvent.click(screen.getByTestId("repay-7"));
    });
    const amount = screen.getByTestId("gold-check-amount");
    expect(amount.getAttribute("data-base-units")).toBe(due.toString());
    expect(amount.textContent).toBe("3.240 GOLD");
    expect(screen.getByTestId("gold-check-words").textContent).toBe(goldInWords(due, "id"));
    expect(screen.getByTestId("gold-check-words").textContent).toContain("tiga ribu dua ratus empat puluh");
    expect(
      screen.getByText("Lunasi faktur #7 dari dompet ini; investor memanen setelah lunas."),
    ).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByTestId("gold-check-change"));
    });
    expect(screen.queryByTestId("gold-check")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("in English, with the English figures", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, chainReads(5_000n * ONE_GOLD), "en");
    act(() => {
      fireEvent.click(screen.getByTestId("repay-7"));
    });
    expect(screen.getByTestId("gold-check-amount").textContent).toBe("3,240 GOLD");
    expect(screen.getByTestId("gold-check-words").textContent).toContain("three thousand two hundred forty");
  });

  it("offers no check while the wallet is short of the amount due: it says by how much", () => {
    renderWithWallet(<RepayInvoice tokenId="7" />, chainReads(240n * ONE_GOLD), "en");
    const button = screen.getByTestId("repay-7") as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId("shortfall-7").textContent).toContain("3,000");
    act(() => {
      fireEvent.click(button);
    });
    expect(screen.queryByTestId("gold-check")).toBeNull();
  });
});

describe("repaying an invoice: what was repaid so far", () => {
  afterEach(cleanup);

  it("shows the total owed to the same four decimals as what was repaid", () => {
    const left = 541_187n * 10n ** 15n;
    renderWithWallet(
      <RepayInvoice tokenId="7" />,
      chainReads(5_000n * ONE_GOLD, left, 500n * ONE_GOLD),
      "id",
    );
    // 500 repaid + 541,187 due: the total keeps the due's decimals, never cut to two (1.041,18).
    expect(screen.getByTestId("repaid-so-far-7").textContent).toContain("/ 1.041,187 GOLD");
  });
});
