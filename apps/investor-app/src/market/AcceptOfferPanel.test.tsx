import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { investorStatusFixture } from "../verify/investor-status.test-support";
import { AcceptOfferForm } from "./AcceptOfferPanel";
import { MakeOfferForm } from "./MakeOfferPanel";
import { listingFixture } from "./market-fixtures.test-support";

afterEach(cleanup);

const G = 10n ** 18n;
// A buyer's offer for 500 GOLD of face value at 98 %.
const offer = listingFixture({ side: "offer" });
const units = (testId: string) => screen.getByTestId(testId).getAttribute("data-base-units");

describe("selling into an offer", () => {
  it("starts at what the wallet holds when the offer wants more, and shows cost, fee and what the holder gets", () => {
    renderWithWallet(<AcceptOfferForm entry={offer} held={400n * G} feeBps={100} />);
    const shares = screen.getByLabelText("Shares to sell (face value)") as HTMLInputElement;
    expect(shares.value).toBe("400");
    expect(units("accept-cost")).toBe((392n * G).toString());
    expect(units("accept-fee")).toBe(((392n * G) / 100n).toString());
    expect(units("accept-receive")).toBe((392n * G - (392n * G) / 100n).toString());
    expect(screen.getByTestId("accept-submit").textContent).toBe("Sell into this offer");
  });

  it("starts at what the offer still wants when the wallet holds more", () => {
    renderWithWallet(<AcceptOfferForm entry={offer} held={1_000n * G} feeBps={0} />);
    expect((screen.getByLabelText("Shares to sell (face value)") as HTMLInputElement).value).toBe("500");
    expect(units("accept-receive")).toBe((490n * G).toString());
  });

  it("refuses more than held and more than the offer wants, in words", () => {
    renderWithWallet(<AcceptOfferForm entry={offer} held={400n * G} feeBps={0} />);
    fireEvent.change(screen.getByLabelText("Shares to sell (face value)"), { target: { value: "450" } });
    expect(screen.getByTestId("accept-problem").textContent).toBe(
      "You hold only 400 GOLD of face value of this plant.",
    );
    cleanup();
    renderWithWallet(<AcceptOfferForm entry={offer} held={1_000n * G} feeBps={0} />);
    fireEvent.change(screen.getByLabelText("Shares to sell (face value)"), { target: { value: "600" } });
    expect(screen.getByTestId("accept-problem").textContent).toBe(
      "This offer wants only 500 GOLD of face value more.",
    );
    expect(screen.queryByTestId("accept-preview")).toBeNull();
  });

  it("reads the shares in Indonesian", () => {
    renderWithWallet(<AcceptOfferForm entry={offer} held={400n * G} feeBps={0} />, [], "id");
    fireEvent.change(screen.getByLabelText("Saham yang dijual (nilai nominal)"), {
      target: { value: "100,5" },
    });
    expect(units("accept-cost")).toBe(((1005n * G * 98n) / 1000n).toString());
    expect(screen.getByTestId("accept-submit").textContent).toBe("Jual kepada tawaran ini");
  });
});

describe("making an offer", () => {
  const status = investorStatusFixture();

  it("costs the shares at the price typed, in the page's language", () => {
    renderWithWallet(<MakeOfferForm entry={offer} status={status} />, [], "id");
    fireEvent.change(screen.getByLabelText("Saham yang dibeli (nilai nominal)"), {
      target: { value: "100" },
    });
    fireEvent.change(screen.getByLabelText("Harga per saham, % dari nilai nominal"), {
      target: { value: "97,5" },
    });
    expect(units("offer-cost")).toBe(((975n * G) / 10n).toString());
  });

  it("refuses shares beyond the limit, a zero price and an expiry past 30 days before anything is signed", () => {
    renderWithWallet(<MakeOfferForm entry={offer} status={status} />);
    fireEvent.change(screen.getByLabelText("Shares to buy (face value)"), { target: { value: "700" } });
    fireEvent.change(screen.getByLabelText("Price per share, % of face value"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Offer open for (days)"), { target: { value: "31" } });
    fireEvent.click(screen.getByTestId("offer-submit"));
    expect(screen.getByTestId("offer-shares-problem").textContent).toContain("650");
    expect(screen.getByTestId("offer-price-problem").textContent).toBe("The price must be more than 0 %.");
    expect(screen.getByTestId("offer-expiry-problem").textContent).toBe("Between 1 and 30 days.");
    expect(screen.queryByTestId("offer-preview")).toBeNull();
  });
});
