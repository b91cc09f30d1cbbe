import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cropFor } from "../test-support/crops-in-every-state";
import { investorStatusFixture } from "../verify/investor-status.test-support";
import { listingFixture } from "./market-fixtures.test-support";

// The hooks that sign and send, replaced by spies: nothing may reach them before the check step is confirmed.
const sent = vi.hoisted(() => ({
  list: vi.fn(async (..._args: unknown[]) => {}),
  offer: vi.fn(async (..._args: unknown[]) => {}),
  accept: vi.fn(async (..._args: unknown[]) => {}),
}));
const idle = { busy: false, step: "idle", error: null, txState: { status: "idle" } };
vi.mock("./use-sell-listing", () => ({ useSellListing: () => ({ ...idle, list: sent.list, listed: null }) }));
vi.mock("./use-make-offer", () => ({ useMakeOffer: () => ({ ...idle, offer: sent.offer, offered: null }) }));
vi.mock("./use-accept-offer", () => ({
  useAcceptOffer: () => ({ ...idle, accept: sent.accept, sold: null }),
}));

// A worker's files share its modules (isolate: false) and Vitest neither forgets a file's mocks nor re-imports what an
// earlier file loaded: the forms and everything that renders them are imported afresh here, so they use the spies
// and not the real hooks an earlier file bound them to, and afterwards forgotten with the mocks, so no later file is
// handed the spies.
const mockedHooks = ["./use-sell-listing", "./use-make-offer", "./use-accept-offer"];
let forms: Awaited<ReturnType<typeof importForms>>;
async function importForms() {
  vi.resetModules();
  return {
    ...(await import("@farm/ui")),
    ...(await import("../test-support/render-with-wallet")),
    ...(await import("./AcceptOfferPanel")),
    ...(await import("./MakeOfferPanel")),
    ...(await import("./SellListingPanel")),
  };
}
beforeAll(async () => {
  forms = await importForms();
});
afterAll(() => {
  for (const path of mockedHooks) vi.doUnmock(path);
  vi.resetModules();
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const G = 10n ** 18n;
const offer = listingFixture({ side: "offer" });
const status = investorStatusFixture();
const checkedUnits = () => screen.getByTestId("gold-check-amount").getAttribute("data-base-units");
const switchTo = (language: "en" | "id") =>
  act(() => {
    fireEvent.change(screen.getByTestId("language-switch"), { target: { value: language } });
  });

describe("the market's money forms show GoldCheck before anything is signed or sent", () => {
  it("sell: the proceeds checked first, then the listing with the checked figures", () => {
    forms.renderWithWallet(<forms.SellListingPanel crop={cropFor("growing")} />);
    fireEvent.click(screen.getByTestId("sell-half"));
    fireEvent.click(screen.getByTestId("sell-submit"));
    expect(checkedUnits()).toBe((196n * G).toString());
    expect(sent.list).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("gold-check-change"));
    expect(screen.queryByTestId("gold-check")).toBeNull();
    expect(sent.list).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("sell-submit"));
    fireEvent.click(screen.getByTestId("gold-check-confirm"));
    expect(sent.list).toHaveBeenCalledTimes(1);
    expect(sent.list.mock.calls[0]?.[1]).toBe(200n * G);
  });

  it("offer: the cost checked first, then the offer", () => {
    forms.renderWithWallet(<forms.MakeOfferForm entry={offer} status={status} />);
    fireEvent.change(screen.getByLabelText("Shares to buy (face value)"), { target: { value: "100" } });
    fireEvent.click(screen.getByTestId("offer-submit"));
    expect(checkedUnits()).toBe((97n * G).toString());
    expect(screen.getByText(/Offers to buy 100 GOLD of face value of this plant at 97 %/)).toBeTruthy();
    expect(sent.offer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("gold-check-confirm"));
    expect(sent.offer).toHaveBeenCalledTimes(1);
    expect(sent.offer.mock.calls[0]?.[1]).toBe(100n * G);
  });

  it("accept: what the holder receives checked first, then the sale", () => {
    forms.renderWithWallet(<forms.AcceptOfferForm entry={offer} held={400n * G} feeBps={0} />);
    fireEvent.click(screen.getByTestId("accept-submit"));
    expect(checkedUnits()).toBe((392n * G).toString());
    expect(sent.accept).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("gold-check-confirm"));
    expect(sent.accept).toHaveBeenCalledTimes(1);
    expect(sent.accept.mock.calls[0]?.[1]).toBe(400n * G);
  });
});

describe("a typed amount keeps its quantity when the language is switched", () => {
  it("offer: 2.125 shares in English are 2,125 in Indonesian (not 2,125 shares), and the price keeps its value", () => {
    forms.renderWithWallet(
      <>
        <forms.LanguageSwitch />
        <forms.MakeOfferForm entry={offer} status={status} />
      </>,
    );
    fireEvent.change(screen.getByLabelText("Shares to buy (face value)"), { target: { value: "2.125" } });
    fireEvent.change(screen.getByLabelText("Price per share, % of face value"), {
      target: { value: "97.5" },
    });
    const cost = screen.getByTestId("offer-cost").getAttribute("data-base-units");
    expect(cost).toBe(((2125n * G * 975n) / 1_000_000n).toString());
    switchTo("id");
    expect((screen.getByLabelText("Saham yang dibeli (nilai nominal)") as HTMLInputElement).value).toBe(
      "2,125",
    );
    expect((screen.getByLabelText("Harga per saham, % dari nilai nominal") as HTMLInputElement).value).toBe(
      "97,5",
    );
    expect(screen.getByTestId("offer-cost").getAttribute("data-base-units")).toBe(cost);
    fireEvent.click(screen.getByTestId("offer-submit"));
    fireEvent.click(screen.getByTestId("gold-check-confirm"));
    expect(sent.offer.mock.calls[0]?.[1]).toBe(2125n * 10n ** 15n);
  });

  it("sell and accept: the shares typed keep their quantity", () => {
    forms.renderWithWallet(
      <>
        <forms.LanguageSwitch />
        <forms.SellListingPanel crop={cropFor("growing")} />
        <forms.AcceptOfferForm entry={offer} held={400n * G} feeBps={0} />
      </>,
    );
    const [sell, accept] = screen.getAllByLabelText("Shares to sell (face value)") as HTMLInputElement[];
    fireEvent.change(sell!, { target: { value: "2.125" } });
    fireEvent.change(accept!, { target: { value: "1.5" } });
    const sellCost = screen.getByTestId("sell-cost").getAttribute("data-base-units");
    const acceptCost = screen.getByTestId("accept-cost").getAttribute("data-base-units");
    switchTo("id");
    const [sellId, acceptId] = screen.getAllByLabelText(
      "Saham yang dijual (nilai nominal)",
    ) as HTMLInputElement[];
    expect([sellId?.value, acceptId?.value]).toEqual(["2,125", "1,5"]);
    expect(screen.getByTestId("sell-cost").getAttribute("data-base-units")).toBe(sellCost);
    expect(screen.getByTestId("accept-cost").getAttribute("data-base-units")).toBe(acceptCost);
  });
});
