import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cropFor } from "../test-support/crops-in-every-state";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { SellListingPanel } from "./SellListingPanel";

afterEach(cleanup);

// A growing crop of which this wallet holds 400 GOLD of face value.
const crop = cropFor("growing");

describe("the sell form", () => {
  it("starts at all the shares held, makes half one press, and shows what the buyer pays", () => {
    renderWithWallet(<SellListingPanel crop={crop} />);
    const shares = screen.getByLabelText("Shares to sell (face value)") as HTMLInputElement;
    expect(shares.value).toBe("400");
    expect(screen.getByTestId("sell-cost").getAttribute("data-base-units")).toBe(
      (392n * 10n ** 18n).toString(),
    );
    fireEvent.click(screen.getByTestId("sell-half"));
    expect(shares.value).toBe("200");
    expect(screen.getByTestId("sell-cost").getAttribute("data-base-units")).toBe(
      (196n * 10n ** 18n).toString(),
    );
    fireEvent.click(screen.getByTestId("sell-all"));
    expect(shares.value).toBe("400");
  });

  it("refuses more shares than held, a zero price and an expiry past 30 days, in words, before anything is signed", () => {
    renderWithWallet(<SellListingPanel crop={crop} />);
    fireEvent.change(screen.getByLabelText("Shares to sell (face value)"), { target: { value: "400.5" } });
    fireEvent.change(screen.getByLabelText("Price per share, % of face value"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Listing open for (days)"), { target: { value: "31" } });
    fireEvent.click(screen.getByTestId("sell-submit"));
    expect(screen.getByTestId("sell-shares-problem").textContent).toBe(
      "You hold only 400 GOLD of face value of this plant.",
    );
    expect(screen.getByTestId("sell-price-problem").textContent).toBe("The price must be more than 0 %.");
    expect(screen.getByTestId("sell-expiry-problem").textContent).toBe("Between 1 and 30 days.");
    expect(screen.queryByTestId("sell-preview")).toBeNull();
    expect(screen.getByTestId("sell-submit").hasAttribute("disabled")).toBe(false);
  });

  it("reads the price in Indonesian with a decimal comma", () => {
    renderWithWallet(<SellListingPanel crop={crop} />, [], "id");
    fireEvent.change(screen.getByLabelText("Harga per saham, % dari nilai nominal"), {
      target: { value: "97,5" },
    });
    expect(screen.getByTestId("sell-cost").getAttribute("data-base-units")).toBe(
      (390n * 10n ** 18n).toString(),
    );
    fireEvent.change(screen.getByLabelText("Harga per saham, % dari nilai nominal"), {
      target: { value: "97.5" },
    });
    fireEvent.click(screen.getByTestId("sell-submit"));
    expect(screen.getByTestId("sell-price-problem").textContent).toBe(
      "Tulis harga sebagai persen dari nilai nominal, mis. 98 atau 98,5.",
    );
  });
});
