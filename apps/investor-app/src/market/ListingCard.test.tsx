import { I18nProvider, type Language, wordPack } from "@farm/ui";
import { testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { marketWords } from "../i18n/market";
import { ListingCard } from "./ListingCard";
import { listingFixture, overdueListing, sellerAddress } from "./market-fixtures.test-support";

wordPack(marketWords);

function renderCard(element: ReactElement, language: Language = "en") {
  localStorage.setItem("farm.language", language);
  return render(
    <QueryClientProvider client={testQueryClient(null)}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>{element}</MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The card asks for its invoice's names; none here (the card shows the seed number and the farmer's address).
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("", { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe("a listing card", () => {
  it("shows the remaining shares at face value, the price in GOLD and Rupiah, the discount and the implied yield", () => {
    renderCard(<ListingCard entry={listingFixture()} canBuy={false} viewer={null} feeBps={0} />);
    expect(text("listing-face")).toBe("500 GOLD about Rp8,000,000");
    expect(text("listing-cost")).toContain("490 GOLD about Rp7,840,000");
    expect(text("listing-price-percent")).toBe("98 % of face value");
    expect(text("listing-discount")).toBe("2 % below face value");
    expect(text("listing-yield")).toContain("6.12 % to maturity (30 days left)");
    expect(text("listing-annual-yield")).toBe("74.46 % a year");
    expect(text("listing-state")).toBe("Funded");
    expect(screen.queryByTestId("listing-warning")).toBeNull();
    expect(screen.getByTestId("listing-fact-sheet").getAttribute("href")).toBe("/seeds/7");
    expect(text("listing-buyer-record")).toBe("No buyer on record for this invoice");
  });

  it("writes its figures in Indonesian with the page's separators, a premium too", () => {
    renderCard(
      <ListingCard
        entry={listingFixture({
          price: "1015000000000000000",
          discountBps: -150,
          cost: "507500000000000000000",
        })}
        canBuy={false}
        viewer={null}
        feeBps={0}
      />,
      "id",
    );
    expect(text("listing-discount")).toBe("1,5 % di atas nilai nominal");
    expect(text("listing-price-percent")).toBe("101,5 % dari nilai nominal");
    expect(text("listing-cost")).toContain("507,5 GOLD");
    expect(text("listing-annual-yield")).toBe("74,46 % setahun");
  });

  it("warns in red before any button when the invoice is overdue, with no yield to promise", () => {
    renderCard(<ListingCard entry={overdueListing()} canBuy={true} viewer={null} feeBps={0} />);
    const warning = screen.getByTestId("listing-warning");
    expect(warning.getAttribute("data-kind")).toBe("overdue");
    expect(warning.querySelector(".farm-notice--error")).not.toBeNull();
    expect(warning.textContent).toContain("Overdue");
    expect(text("listing-yield")).toBe("None: past maturity and unpaid");
    const button = screen.getByTestId("listing-buy-toggle");
    // The warning comes first in the card, before the buy button.
    expect(warning.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says defaulted in red for a defaulted invoice", () => {
    const base = listingFixture();
    renderCard(
      <ListingCard
        entry={listingFixture({
          invoice: { ...base.invoice, state: { ...base.invoice.state, name: "defaulted" }, defaulted: true },
          impliedYieldBps: null,
          impliedAnnualYieldBps: null,
          daysToMaturity: null,
          impliedYieldUndefined: "defaulted",
        })}
        canBuy={true}
        viewer={null}
        feeBps={0}
      />,
    );
    expect(screen.getByTestId("listing-warning").getAttribute("data-kind")).toBe("defaulted");
    expect(text("listing-yield")).toBe("None: defaulted, only recoveries are paid");
  });

  it("offers no buy button on the viewer's own listing", () => {
    renderCard(
      <ListingCard entry={listingFixture()} canBuy={true} viewer={sellerAddress.toLowerCase()} feeBps={0} />,
    );
    expect(screen.queryByTestId("listing-buy-toggle")).toBeNull();
    expect(screen.getByTestId("listing-own")).toBeTruthy();
  });
});
