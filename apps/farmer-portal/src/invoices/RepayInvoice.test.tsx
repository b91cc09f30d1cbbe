import { goldInWords } from "@farm/ui";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { readContractQueryKey } from "wagmi/query";
import { renderWithWallet, testContracts } from "../test-support/render-with-wallet";
import { RepayInvoice } from "./RepayInvoice";

const ONE_GOLD = 10n ** 18n;
const due = 3_240n * ONE_GOLD;
const invoice = { amount: (3_000n * ONE_GOLD).toString(), yieldBps: 800, repaid: "0" };

/**
 * The chain's two answers the step reads, seeded in the query cache under wagmi's own keys (nothing is fetched): the
 * amount due, and the wallet's GOLD (read before a wallet connects, its key has no address).
 */
function chainReads(balance: bigint, amountDue = due): [readonly unknown[], unknown][] {
  return [
    [
      readContractQueryKey({
        address: testContracts.farmNft,
        functionName: "amountDue",
        args: [7n],
        chainId: 31337,
      }),
      amountDue,
    ],
    [
      readContractQueryKey({ address: testContracts.goldToken, functionName: "balanceOf", chainId: 31337 }),
      balance,
    ],
  ];
}

describe("repaying an invoice: check before you send", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("shows the amount due in the page's figures and in words before anything is signed, and Change goes back", () => {
    renderWithWallet(<RepayInvoice tokenId="7" invoice={invoice} />, chainReads(5_000n * ONE_GOLD), "id");
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
    renderWithWallet(<RepayInvoice tokenId="7" invoice={invoice} />, chainReads(5_000n * ONE_GOLD), "en");
    act(() => {
      fireEvent.click(screen.getByTestId("repay-7"));
    });
    expect(screen.getByTestId("gold-check-amount").textContent).toBe("3,240 GOLD");
    expect(screen.getByTestId("gold-check-words").textContent).toContain("three thousand two hundred forty");
  });

  it("offers no check while the wallet is short of the amount due: it says by how much", () => {
    renderWithWallet(<RepayInvoice tokenId="7" invoice={invoice} />, chainReads(240n * ONE_GOLD), "en");
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
    const partly = { ...invoice, repaid: (500n * ONE_GOLD).toString() };
    const left = 541_187n * 10n ** 15n;
    renderWithWallet(
      <RepayInvoice tokenId="7" invoice={partly} />,
      chainReads(5_000n * ONE_GOLD, left),
      "id",
    );
    // 500 repaid + 541,187 due: the total keeps the due's decimals, never cut to two (1.041,18).
    expect(screen.getByTestId("repaid-so-far-7").textContent).toContain("/ 1.041,187 GOLD");
  });
});
