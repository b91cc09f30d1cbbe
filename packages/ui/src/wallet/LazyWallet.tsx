import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { chainConfigQueryKey, fetchChainConfig } from "../config/chain-config";
import { useSession } from "../session/use-session";

type WalletModule = typeof import("./WalletProvider");

/** Where the wallet code stands: not asked for, on its way, ready (wagmi is above the tree) or failed to load. */
export type WalletLayerStatus = "idle" | "loading" | "ready" | "error";
export type WalletLayer = { status: WalletLayerStatus; request: () => void };

// Without a LazyWalletProvider above (tests, or a tree under a plain WalletProvider) the wallet counts as ready.
const LayerContext = createContext<WalletLayer>({ status: "ready", request: () => undefined });

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
 * visitor opens the wallet menu, or a page that needs the chain asks (`useWantWallet`). Until then the children
 * render without wagmi; parts that use wagmi hooks sit under `<WhenWallet>`. When the wallet arrives the tree under
 * it mounts again inside the provider (once per visit; the query cache keeps every answer).
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
  const [loaded, setLoaded] = useState<WalletModule | null>(null);
  const [failed, setFailed] = useState(false);
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
      ([module]) => live && setLoaded(module),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, queryClient]);

  const request = useCallback(() => setRequested(true), []);
  const status: WalletLayerStatus = loaded ? "ready" : failed ? "error" : wanted ? "loading" : "idle";
  const layer = useMemo(() => ({ status, request }), [status, request]);
  const Provider = loaded?.WalletProvider;
  return (
    <LayerContext.Provider value={layer}>
      {Provider ? <Provider defaultDevAccountIndex={defaultDevAccountIndex}>{children}</Provider> : children}
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

/** Renders `children` (which may use wagmi hooks) only once the wallet is ready; `fallback` until then. */
export function WhenWallet({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useWalletLayer().status === "ready" ? children : fallback;
}
