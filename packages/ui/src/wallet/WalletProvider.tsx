import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { type Config, WagmiContext, WagmiProvider } from "wagmi";
import { type ChainConfig, useChainConfig } from "../config/chain-config";
import { useT } from "../i18n/I18nProvider";
import { Notice } from "../layout/Notice";
import type { RpcTransport } from "./rpc-transport";
import {
  SessionFollowsWallet,
  type SessionNotice,
  SessionNoticeProvider,
  useSessionFollowsWallet,
} from "./SessionFollowsWallet";
import { createFarmWagmiConfig } from "./wagmi-config";

const FarmChainContext = createContext<ChainConfig | null>(null);

/**
 * Loads the chain config and provides wagmi under it. Needs a QueryClientProvider and I18nProvider above.
 * `defaultDevAccountIndex` picks the dev account offered first (2 = demo farmer, 3 = first investor); `transport`
 * how the chain's RPC is reached (HTTP unless a component test says otherwise).
 */
export function WalletProvider({
  children,
  defaultDevAccountIndex,
  transport,
}: {
  children: ReactNode;
  defaultDevAccountIndex: number;
  transport?: RpcTransport;
}) {
  const t = useT();
  const config = useChainConfig();
  const wagmiConfig = useMemo(
    () => (config.data ? createFarmWagmiConfig(config.data, { defaultDevAccountIndex, transport }) : null),
    [config.data, defaultDevAccountIndex, transport],
  );
  if (config.error) return <Notice tone="error">{t("api.NETWORK_ERROR")}</Notice>;
  if (!config.data || !wagmiConfig) return <p role="status">{t("common.loading")}</p>;
  return (
    <FarmChainContext.Provider value={config.data}>
      <WagmiProvider config={wagmiConfig}>
        <SessionFollowsWallet>{children}</SessionFollowsWallet>
      </WagmiProvider>
    </FarmChainContext.Provider>
  );
}

/**
 * For a lazily loaded wallet (`LazyWalletProvider`): the one wagmi provider that restores the last connection and
 * makes the session follow the wallet, rendered beside the app rather than around it, so nothing already on the page
 * mounts again when the wallet arrives. `onNotice` gets why the user was just signed out.
 */
export function WalletRoot({
  wagmiConfig,
  onNotice,
}: {
  wagmiConfig: Config;
  onNotice: (notice: SessionNotice) => void;
}) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <SessionWatcher onNotice={onNotice} />
    </WagmiProvider>
  );
}

function SessionWatcher({ onNotice }: { onNotice: (notice: SessionNotice) => void }) {
  const notice = useSessionFollowsWallet();
  useEffect(() => onNotice(notice), [notice, onNotice]);
  return null;
}

/** The wallet's contexts for one part of the page that uses wagmi hooks (`WhenWallet`): the same config and state. */
export function WalletScope({
  chain,
  wagmiConfig,
  notice,
  children,
}: {
  chain: ChainConfig;
  wagmiConfig: Config;
  notice: SessionNotice;
  children: ReactNode;
}) {
  return (
    <FarmChainContext.Provider value={chain}>
      <WagmiContext.Provider value={wagmiConfig}>
        <SessionNoticeProvider notice={notice}>{children}</SessionNoticeProvider>
      </WagmiContext.Provider>
    </FarmChainContext.Provider>
  );
}

/** The loaded chain config (addresses of the Farm contracts); only inside a WalletProvider. */
export function useFarmChain(): ChainConfig {
  const value = useContext(FarmChainContext);
  if (!value) throw new Error("useFarmChain needs a <WalletProvider> above it");
  return value;
}

/** The Farm contract addresses; throws when the backend has no deployment, which the pages show as an error. */
export function useFarmContracts(): NonNullable<ChainConfig["contracts"]> {
  const { contracts } = useFarmChain();
  if (!contracts) throw new Error("the backend reports no deployed contracts");
  return contracts;
}

export { createFarmWagmiConfig } from "./wagmi-config";
