import { chainConfigQueryKey, I18nProvider, type Language, sessionQueryKey } from "@farm/ui";
import { WalletProvider } from "@farm/ui/wallet";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { hashFn } from "wagmi/query";
import { dictionaries } from "../i18n/dictionaries";

export const testWallet = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** The contracts of the chain config every test renders with. */
export const testContracts = {
  goldToken: "0x0000000000000000000000000000000000000001",
  goldFaucet: "0x0000000000000000000000000000000000000002",
  farmNft: "0x0000000000000000000000000000000000000003",
  farmVault: "0x0000000000000000000000000000000000000004",
} as const;

/**
 * Renders inside the app's providers with English words (or `language`'s), the chain config and a session already in the query cache
 * (nothing is fetched: queries never go stale), and `seed` for any other query data the screen reads.
 */
export function renderWithWallet(
  element: ReactElement,
  seed: [readonly unknown[], unknown][] = [],
  language: Language = "en",
) {
  localStorage.setItem("farm.language", language);
  const client = new QueryClient({
    // wagmi's key hash (bigint-safe), so a test may seed a chain read by its wagmi query key (readContractQueryKey).
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, queryKeyHashFn: hashFn },
    },
  });
  client.setQueryData(chainConfigQueryKey, {
    chainId: 31337,
    rpcUrl: "http://127.0.0.1:1",
    contracts: testContracts,
    devWallet: false,
  });
  client.setQueryData(sessionQueryKey, { address: testWallet, roles: [] });
  for (const [key, data] of seed) client.setQueryData(key, data);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>
          <WalletProvider defaultDevAccountIndex={2}>{element}</WalletProvider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
