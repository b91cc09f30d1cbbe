import type { MarketOrderView } from "@farm/core";
import { wordPack } from "@farm/ui";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { marketWords } from "../i18n/market";
import { renderWithWallet, testWallet } from "../test-support/render-with-wallet";
import { OrderLine } from "./MyOrders";
import { listingFixture } from "./market-fixtures.test-support";

// The market page registers its words; the lines are rendered here on their own.
wordPack(marketWords);

afterEach(cleanup);

/** One of the wallet's orders as `GET /api/market/orders/mine` answers it. */
function order(
  nonce: string,
  side: MarketOrderView["side"],
  status: MarketOrderView["status"],
): MarketOrderView {
  const {
    invoice: _i,
    faceValue: _f,
    cost: _c,
    fee: _e,
    discountBps: _d,
    ...entry
  } = listingFixture({ nonce, side });
  return { ...entry, signer: testWallet, status } as MarketOrderView;
}

describe("the wallet's own orders", () => {
  it("says an order is on hold for a frozen wallet or an ended verification, in en and id, and offers its cancel", () => {
    const mine = [
      order("1", "listing", "frozen"),
      order("2", "offer", "unverified"),
      order("3", "offer", "expired"),
    ];
    for (const [language, frozen, unverified] of [
      ["en", "your wallet is frozen", "your verification has ended"],
      ["id", "dompet Anda dibekukan", "verifikasi Anda sudah berakhir"],
    ] as const) {
      renderWithWallet(
        <ul>
          {mine.map((item) => (
            <OrderLine key={item.nonce} order={item} onCancel={() => {}} busy={false} cancelling={false} />
          ))}
        </ul>,
        [],
        language,
      );
      const lines = screen.getAllByTestId("my-order");
      expect(lines.map((line) => line.querySelector("[data-testid=my-order-status]")?.textContent)).toEqual([
        expect.stringContaining(frozen),
        expect.stringContaining(unverified),
        expect.not.stringContaining("market.status"),
      ]);
      // On hold, not over: both can still be cancelled on chain; the expired one is left as it is.
      expect(lines.map((line) => line.querySelector("[data-testid=my-order-cancel]") !== null)).toEqual([
        true,
        true,
        false,
      ]);
      cleanup();
    }
  });
});
