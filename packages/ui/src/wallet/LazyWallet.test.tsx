import { anvilDevAccounts } from "@farm/core/dev-accounts";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useConnection } from "wagmi";
import { I18nProvider } from "../i18n/I18nProvider";
import { testQueryClient } from "../testing/query-client";
import { LazyWalletProvider, useWalletLayer, WhenWallet } from "./LazyWallet";

function WagmiStatus() {
  const connection = useConnection(); // throws without a WagmiProvider above
  return <p data-testid="wagmi">wagmi {connection.status}</p>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      typed {count}
    </button>
  );
}

function Probe() {
  const layer = useWalletLayer();
  return (
    <>
      <Counter />
      <p data-testid="layer">{layer.status}</p>
      <button type="button" onClick={layer.request}>
        connect
      </button>
      <WhenWallet fallback={<p data-testid="wagmi">no wallet code</p>}>
        <WagmiStatus />
      </WhenWallet>
    </>
  );
}

function renderLazy(session: { address: string; roles: string[] } | null) {
  const client = testQueryClient(session);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: {}, id: {} }}>
        <LazyWalletProvider defaultDevAccountIndex={3}>
          <Probe />
        </LazyWalletProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("LazyWalletProvider", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("renders a signed-out first visit without the wallet code, and loads it when asked", async () => {
    renderLazy(null);
    expect(screen.getByTestId("layer").textContent).toBe("idle");
    expect(screen.getByTestId("wagmi").textContent).toBe("no wallet code");
    fireEvent.click(screen.getByRole("button", { name: "typed 0" }));
    fireEvent.click(screen.getByRole("button", { name: "connect" }));
    expect(await screen.findByText("wagmi disconnected")).toBeTruthy();
    expect(screen.getByTestId("layer").textContent).toBe("ready");
    // What the page held before the wallet arrived is still there: nothing mounted again.
    expect(screen.getByRole("button", { name: "typed 1" })).toBeTruthy();
  });

  it("loads the wallet at once for a signed-in visitor", async () => {
    renderLazy({ address: anvilDevAccounts[3][1], roles: [] });
    expect(await screen.findByText(/^wagmi /)).toBeTruthy();
  });

  it("loads the wallet at once when a wallet connected here before", async () => {
    localStorage.setItem("farm.devWallet.connected", "1");
    renderLazy(null);
    expect(screen.getByTestId("layer").textContent).toBe("loading");
    expect(await screen.findByText(/^wagmi /)).toBeTruthy();
  });
});
