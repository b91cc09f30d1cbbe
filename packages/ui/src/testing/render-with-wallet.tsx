import { anvilDevAccounts } from "@farm/core/dev-accounts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { chainConfigQueryKey } from "../config/chain-config";
import { I18nProvider } from "../i18n/I18nProvider";
import type { Dictionaries } from "../i18n/types";
import { sessionQueryKey } from "../session/session-key";
import { WalletProvider } from "../wallet/WalletProvider";

/** Query data to seed before rendering: a query key and its data. */
export type QuerySeed = [readonly unknown[], unknown][];

/**
 * A test renderer for an app: renders inside the app's providers with English words, the chain config and a session of
 * anvil dev account `devAccountIndex` already in the query cache (nothing is fetched: queries never go stale), and
 * `seed` for any other query data the screen reads. `wallet` is that account's address.
 */
export function walletRenderer(options: { dictionaries: Dictionaries; devAccountIndex: number }) {
  const wallet = anvilDevAccounts[options.devAccountIndex]?.[1];
  if (wallet === undefined) throw new Error(`no anvil dev account ${options.devAccountIndex}`);
  const renderWithWallet = (element: ReactElement, seed: QuerySeed = []) => {
    localStorage.setItem("farm.language", "en");
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    client.setQueryData(chainConfigQueryKey, {
      chainId: 31337,
      rpcUrl: "http://127.0.0.1:1",
      contracts: {
        goldToken: "0x0000000000000000000000000000000000000001",
        goldFaucet: "0x0000000000000000000000000000000000000002",
        farmNft: "0x0000000000000000000000000000000000000003",
        farmVault: "0x0000000000000000000000000000000000000004",
      },
      devWallet: false,
    });
    client.setQueryData(sessionQueryKey, { address: wallet, roles: [] });
    for (const [key, data] of seed) client.setQueryData(key, data);
    return render(
      <QueryClientProvider client={client}>
        <I18nProvider dictionaries={options.dictionaries}>
          <MemoryRouter>
            <WalletProvider defaultDevAccountIndex={options.devAccountIndex}>{element}</WalletProvider>
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>,
    );
  };
  return { wallet, renderWithWallet };
}
