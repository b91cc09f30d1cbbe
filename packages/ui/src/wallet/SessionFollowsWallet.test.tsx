import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useConnect, useConnection, useConnectors, useDisconnect } from "wagmi";
import { I18nProvider } from "../i18n/I18nProvider";
import { useSession } from "../session/use-session";
import { testQueryClient } from "../testing/query-client";
import { unreachableRpc } from "../testing/unreachable-rpc";
import { devAccounts } from "./dev-accounts";
import { useSessionNotice } from "./SessionFollowsWallet";
import { WalletProvider } from "./WalletProvider";

const signedIn = devAccounts[3]!.address;
const privateKey = ["user", "profile"] as const;

type DevConnector = { id: string; selectAccount(index: number): void };

function Probe() {
  const { session } = useSession();
  const connection = useConnection();
  const connectors = useConnectors();
  const { connect } = useConnect();
  const { disconnect } = useDisconnect();
  const notice = useSessionNotice();
  // Private data of the signed-in wallet, as a page would hold it (never fetched here: cache only).
  const profile = useQuery({ queryKey: privateKey, queryFn: () => "fetched anew", enabled: false });
  const dev = connectors.find((connector) => connector.id === "farmDevWallet");
  return (
    <>
      <p data-testid="session">{session?.address ?? "signed out"}</p>
      <p data-testid="wallet">{connection.address ?? connection.status}</p>
      <p data-testid="private">{profile.data ?? "none"}</p>
      <p data-testid="notice">{notice?.kind ?? "no notice"}</p>
      <button type="button" onClick={() => dev && connect({ connector: dev })}>
        connect
      </button>
      <button type="button" onClick={() => (dev as unknown as DevConnector | undefined)?.selectAccount(4)}>
        switch
      </button>
      <button type="button" onClick={() => disconnect()}>
        disconnect
      </button>
    </>
  );
}

function renderSignedIn() {
  localStorage.setItem("farm.language", "en");
  const client = testQueryClient({ address: signedIn, roles: [] });
  client.setQueryData(privateKey, `the balance of ${signedIn}`);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: {}, id: {} }}>
        <WalletProvider defaultDevAccountIndex={3} transport={unreachableRpc}>
          <Probe />
        </WalletProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return client;
}

const click = (name: string) => act(() => screen.getByRole("button", { name }).click());

describe("the session follows the wallet", () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("keeps the session while the wallet holds the signed-in account, ends it when the wallet switches", async () => {
    renderSignedIn();
    await click("connect");
    await waitFor(() => expect(screen.getByTestId("wallet").textContent).toBe(signedIn));
    expect(screen.getByTestId("session").textContent).toBe(signedIn);
    expect(screen.getByTestId("private").textContent).toBe(`the balance of ${signedIn}`);

    await click("switch");
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed out"));
    expect(screen.getByTestId("wallet").textContent).toBe(devAccounts[4]!.address);
    expect(screen.getByTestId("private").textContent).toBe("none");
    expect(screen.getByTestId("notice").textContent).toBe("accountChanged");
  });

  it("signs out and clears the page's private data when the wallet disconnects", async () => {
    renderSignedIn();
    await click("connect");
    await waitFor(() => expect(screen.getByTestId("wallet").textContent).toBe(signedIn));
    await click("disconnect");
    await waitFor(() => expect(screen.getByTestId("session").textContent).toBe("signed out"));
    expect(screen.getByTestId("wallet").textContent).toBe("disconnected");
    expect(screen.getByTestId("private").textContent).toBe("none");
    expect(screen.getByTestId("notice").textContent).toBe("no notice");
  });
});
