import { anvilDevAccounts } from "@farm/core/dev-accounts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { I18nProvider } from "../i18n/I18nProvider";
import type { Dictionaries, Language } from "../i18n/types";
import { WalletProvider } from "../wallet/WalletProvider";
import { testContracts, testQueryClient } from "./query-client";
import { unreachableRpc } from "./unreachable-rpc";

export { testContracts, testQueryClient } from "./query-client";
export { recordFixture } from "./record-fixture";
export { type ApiCall, stubApi } from "./stub-api";
export { tableRows } from "./table-rows";
export { unreachableRpc } from "./unreachable-rpc";

/** Query data to seed before rendering: a query key and its data. */
export type QuerySeed = [readonly unknown[], unknown][];

/**
 * A test renderer for an app: renders inside the app's providers with English (or `language`'s) words, the chain
 * config and a session of anvil dev account `devAccountIndex` already in the query cache (nothing is fetched: queries
 * never go stale), and `seed` for any other query data the screen reads. `wallet` is that account's address. Chain
 * reads fail at once (`unreachableRpc`).
 */
export function walletRenderer(options: { dictionaries: Dictionaries; devAccountIndex: number }) {
  const wallet = anvilDevAccounts[options.devAccountIndex]?.[1];
  if (wallet === undefined) throw new Error(`no anvil dev account ${options.devAccountIndex}`);
  const renderWithWallet = (element: ReactElement, seed: QuerySeed = [], language: Language = "en") => {
    localStorage.setItem("farm.language", language);
    const client = testQueryClient(
      { address: wallet, roles: [] },
      { contracts: testContracts, devWallet: false },
    );
    for (const [key, data] of seed) client.setQueryData(key, data);
    return render(
      <QueryClientProvider client={client}>
        <I18nProvider dictionaries={options.dictionaries}>
          <MemoryRouter>
            <WalletProvider defaultDevAccountIndex={options.devAccountIndex} transport={unreachableRpc}>
              {element}
            </WalletProvider>
          </MemoryRouter>
        </I18nProvider>
      </QueryClientProvider>,
    );
  };
  return { wallet, renderWithWallet };
}
