import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Config } from "wagmi";
import { type ChainConfig, chainConfigQueryKey, fetchChainConfig } from "../config/chain-config";
import { useSession } from "../session/use-session";
import type { SessionNotice } from "./SessionFollowsWallet";

type WalletModule = typeof import("./WalletProvider");

/** Where the wallet code stands: not asked for, on its way, ready or failed to load. */
export type WalletLayerStatus = "idle" | "loading" | "ready" | "error";

type Loaded = { module: WalletModule; chain: ChainConfig; wagmiConfig: Config };

export type WalletLayer = {
  status: WalletLayerStatus;
  request: () => void;
  /** The loaded wallet for `WhenWallet` to provide to its part of the page; null under a plain WalletProvider. */
  loaded: (Loaded & { notice: SessionNotice }) | null;
};

// Without a LazyWalletProvider above (tests, or a tree under a plain WalletProvider) the wallet counts as ready.
const LayerContext = createContext<WalletLayer>({ status: "ready", request: () => undefined, loaded: null });

// Keys a wallet leaves in localStorage once it connected here: wagmi's last connector and the dev wallet's flag.
const walletUsedKeys = ["wagmi.recentConnectorId", "farm.devWallet.connected"];

function walletUsedBefore(): boolean {
  try {
    return walletUsedKeys.some((key) => globalThis.localStorage?.getItem(key) != null);
  } catch {
    return false; // storage refused (private mode): load the wallet when asked
  }
}

/**
 * Provides the wallet (wagmi) only when it is needed, so a signed-out visitor's first page carries no wallet code:
 * the code and `GET /api/config` are fetched together when a wallet connected here before, a session exists, the
 * visitor opens the wallet menu, or a page that needs the chain asks (`useWantWallet`). The page renders without
 * wagmi meanwhile; parts that use wagmi hooks sit under `<WhenWallet>`, which provides the one wagmi config to them.
 * Nothing already on the page mounts again when the wallet arrives: the provider that restores the last connection
 * and makes the session follow the wallet renders beside the page, not around it.
 */
export function LazyWalletProvider({
  children,
  defaultDevAccountIndex,
}: {
  children: ReactNode;
  defaultDevAccountIndex: number;
}) {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const [requested, setRequested] = useState(walletUsedBefore);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<SessionNotice>(null);
  const wanted = requested || session !== null;

  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    setFailed(false);
    Promise.all([
      import("./WalletProvider"),
      queryClient.fetchQuery({
        queryKey: chainConfigQueryKey,
        queryFn: ({ signal }) => fetchChainConfig(signal),
        staleTime: Number.POSITIVE_INFINITY,
      }),
    ]).then(
      ([module, chain]) => {
        if (!live) return;
        const wagmiConfig = module.createFarmWagmiConfig(chain, { defaultDevAccountIndex });
        setLoaded({ module, chain, wagmiConfig });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, queryClient, defaultDevAccountIndex]);

  const request = useCallback(() => setRequested(true), []);
  const status: WalletLayerStatus = loaded ? "ready" : failed ? "error" : wanted ? "loading" : "idle";
  const layer = useMemo(
    () => ({ status, request, loaded: loaded ? { ...loaded, notice } : null }),
    [status, request, loaded, notice],
  );
  const Root = loaded?.module.WalletRoot;
  return (
    <LayerContext.Provider value={layer}>
      {children}
      {Root && loaded ? <Root wagmiConfig={loaded.wagmiConfig} onNotice={setNotice} /> : null}
    </LayerContext.Provider>
  );
}

/** The wallet layer's status and a way to ask for it. */
export function useWalletLayer(): WalletLayer {
  return useContext(LayerContext);
}

/** Asks for the wallet when the calling component mounts: pages that read the chain or send transactions. */
export function useWantWallet(): WalletLayer {
  const layer = useWalletLayer();
  const { request } = layer;
  useEffect(() => request(), [request]);
  return layer;
}

/**
 * Renders `children` (which may use wagmi hooks) only once the wallet is ready, inside its contexts; `fallback`
 * until then. Under a plain WalletProvider it renders `children` as they are.
 */
export function WhenWallet({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { status, loaded } = useWalletLayer();
  if (status !== "ready") return fallback;
  if (!loaded) return children;
  const { module, chain, wagmiConfig, notice } = loaded;
  return (
    <module.WalletScope chain={chain} wagmiConfig={wagmiConfig} notice={notice}>
      {children}
    </module.WalletScope>
  );
}
