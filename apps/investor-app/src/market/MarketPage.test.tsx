import { I18nProvider } from "@farm/ui";
import { testQueryClient, unreachableRpc } from "@farm/ui/testing";
import { WalletProvider } from "@farm/ui/wallet";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import MarketPage from "./MarketPage";
import { bookPage, listingFixture } from "./market-fixtures.test-support";

const market = {
  address: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
  feeBps: 0,
  feeRecipient: null,
} as const;

function renderPage(withMarket = true, session: { address: string; roles: string[] } | null = null) {
  localStorage.setItem("farm.language", "en");
  const client = testQueryClient(session, {
    contracts: null,
    devWallet: true,
    market: withMarket ? market : null,
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>
          {/* As in the app, a signed-in investor's buy panel and orders run under the wallet layer. */}
          <WalletProvider defaultDevAccountIndex={3} transport={unreachableRpc}>
            <MarketPage />
          </WalletProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Answers the book by its cursor and the cards' invoice requests with 404 (no names). */
function stubBook(pages: Record<string, unknown>, offers: unknown = { items: [], nextCursor: null }) {
  const asked: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/market") return new Response("", { status: 404 });
    if (url.searchParams.get("side") === "offer") return json(offers);
    asked.push(url.search);
    return json(pages[url.searchParams.get("cursor") ?? ""]);
  });
  return asked;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the market stall", () => {
  it("pages the book by its keyset cursor: more asks for the next page, an order met twice shows once", async () => {
    const asked = stubBook({
      "": bookPage([listingFixture({ nonce: "1" }), listingFixture({ nonce: "2" })], "cursor-2"),
      "cursor-2": bookPage([listingFixture({ nonce: "2" }), listingFixture({ nonce: "3" })], null),
    });
    renderPage();
    expect(await screen.findAllByTestId("listing-card")).toHaveLength(2);
    expect(asked[0]).toBe("?side=listing&limit=12");
    fireEvent.click(screen.getByTestId("market-more"));
    await vi.waitFor(() => expect(screen.getAllByTestId("listing-card")).toHaveLength(3));
    expect(asked[1]).toBe("?side=listing&limit=12&cursor=cursor-2");
    expect(screen.getAllByTestId("listing-card").map((card) => card.getAttribute("data-nonce"))).toEqual([
      "1",
      "2",
      "3",
    ]);
    // The last page has no cursor: no more button.
    expect(screen.queryByTestId("market-more")).toBeNull();
  });

  it("shows buyers' offers read-only, without a button to accept them", async () => {
    const offer = listingFixture({
      side: "offer",
      nonce: "9",
      price: "990000000000000000",
      discountBps: 100,
    });
    stubBook({ "": bookPage([], null) }, bookPage([offer], null));
    renderPage();
    const line = await screen.findByTestId("offer-line");
    expect(line.textContent).toContain("Up to 500 GOLD of face value at 99 % of it:");
    expect(line.textContent).toContain("1 % below face value");
    expect(screen.getByTestId("offers").querySelector("button")).toBeNull();
  });

  it("says so when nothing is for sale", async () => {
    stubBook({ "": bookPage([], null) });
    renderPage();
    expect((await screen.findByTestId("market-empty")).textContent).toBe("No plants are for sale right now.");
    expect(screen.queryByTestId("market-more")).toBeNull();
  });

  it("says trading is paused when the book says so, and offers a signed-in investor no buy button", async () => {
    const investor = { address: "0x00000000000000000000000000000000000000B2", roles: [] };
    stubBook({ "": { ...bookPage([listingFixture({ nonce: "1" })], null), paused: true } });
    renderPage(true, investor);
    expect((await screen.findByTestId("market-paused")).textContent).toContain("Trading is paused");
    expect(await screen.findByTestId("listing-paused")).toBeTruthy();
    expect(screen.queryByTestId("listing-buy-toggle")).toBeNull();
    cleanup();
    vi.restoreAllMocks();
    stubBook({ "": bookPage([listingFixture({ nonce: "1" })], null) });
    renderPage(true, investor);
    expect(await screen.findByTestId("listing-buy-toggle")).toBeTruthy();
    expect(screen.queryByTestId("market-paused")).toBeNull();
  });

  it("says the market is off on a deployment without it", async () => {
    stubBook({ "": bookPage([], null) });
    renderPage(false);
    expect((await screen.findByTestId("market-off")).textContent).toBe(
      "The market is not open on this deployment.",
    );
  });
});
