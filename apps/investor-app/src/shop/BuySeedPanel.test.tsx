import { ONE_GOLD } from "@farm/core";
import { LanguageSwitch } from "@farm/ui";
import { expectInputReadsAmountTable } from "@farm/ui/amount-input-check";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { investorStatusFixture, investorStatusSeed } from "../verify/investor-status.test-support";
import { BuySeedPanel } from "./BuySeedPanel";
import { seedFixture } from "./seed-fixtures.test-support";

afterEach(cleanup);

// Room for every amount of the table: what is left caps a purchase, as on chain (and a limit that does not).
const seed = seedFixture({ amount: (1n << 96n) - 1n, funded: 0n });
const roomy = investorStatusFixture({
  credential: {
    ...investorStatusFixture().credential!,
    limit: seed.amount.toString(),
    available: seed.amount.toString(),
  },
});
const verified = [investorStatusSeed(roomy)];

describe("buying a seed", () => {
  it("reads 1.000 on an Indonesian page as a thousand GOLD and shows it in words before any signature", () => {
    const planted = vi.fn();
    renderWithWallet(<BuySeedPanel seed={seed} onPlanted={planted} />, verified, "id");
    const input = screen.getByLabelText("Jumlah investasi");
    expect(input.getAttribute("placeholder")).toBe("1.500,50");
    fireEvent.change(input, { target: { value: "1.000" } });
    fireEvent.click(screen.getByTestId("buy-submit"));
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(
      (1000n * ONE_GOLD).toString(),
    );
    expect(screen.getByTestId("gold-check-words").textContent).toBe("seribu GOLD");
    fireEvent.click(screen.getByTestId("gold-check-change"));
    expect(planted).not.toHaveBeenCalled();
  });

  for (const language of ["id", "en"] as const) {
    it(`reads every ${language} row of the shared table, or shows its refusal`, () => {
      renderWithWallet(<BuySeedPanel seed={seed} onPlanted={() => {}} />, verified, language);
      const input = screen.getByTestId("buy-submit").closest("form")?.querySelector("input");
      if (!input) throw new Error("no amount input");
      expectInputReadsAmountTable(language, {
        input: () => input,
        submit: () => screen.getByTestId("buy-submit"),
        refusalShown: (message) => expect(screen.getByRole("alert").textContent).toBe(message),
      });
    });
  }

  it("keeps a typed amount's quantity when the language is switched: 2.125 GOLD is checked as 2,125 GOLD", () => {
    renderWithWallet(
      <>
        <LanguageSwitch />
        <BuySeedPanel seed={seed} onPlanted={() => {}} />
      </>,
      verified,
      "en",
    );
    fireEvent.change(screen.getByLabelText("Amount to invest"), { target: { value: "2.125" } });
    act(() => {
      fireEvent.change(screen.getByTestId("language-switch"), { target: { value: "id" } });
    });
    expect((screen.getByLabelText("Jumlah investasi") as HTMLInputElement).value).toBe("2,125");
    fireEvent.click(screen.getByTestId("buy-submit"));
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(
      ((2125n * ONE_GOLD) / 1000n).toString(),
    );
  });
});
