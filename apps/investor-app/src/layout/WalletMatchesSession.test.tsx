import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import FarmPage from "../garden/FarmPage";
import { renderWithWallet, testWallet } from "../test-support/render-with-wallet";
import { queryKeys } from "./query-keys";

afterEach(cleanup);

describe("the garden with a session but no connected wallet", () => {
  it("asks to connect the wallet instead of showing the signed-in garden beside 'Connect wallet'", async () => {
    // A session cookie from an earlier visit, the player's profile at hand, and no wallet connected at load.
    renderWithWallet(<FarmPage />, [
      [
        [...queryKeys.profile, testWallet],
        { xp: 120, level: 2, water: 50, waterMax: 100, waterRefillsAt: "2026-06-02T00:00:00.000Z" },
      ],
      [[...queryKeys.crops, testWallet], { crops: [] }],
    ]);
    expect((await screen.findByTestId("connect-wallet-needed")).textContent).toContain(
      "your wallet is not connected",
    );
    expect(screen.queryByTestId("player-xp")).toBeNull();
    expect(screen.queryByTestId("garden-empty")).toBeNull();
  });
});
