import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { apiPost } from "../api/client";
import { clearPrivateData } from "../session/clear-private-data";
import { useSession } from "../session/use-session";

export type SessionNotice = { kind: "accountChanged"; address: Address } | null;

const NoticeContext = createContext<SessionNotice>(null);

/** Why the user was just signed out by a wallet change, for the wallet panel to say. */
export function useSessionNotice(): SessionNotice {
  return useContext(NoticeContext);
}

/**
 * The session follows the wallet: when the wallet disconnects, or switches to an account other than the signed-in
 * one, the server session is ended (POST /api/auth/logout) and the old wallet's data is cleared from the page, so
 * nothing is shown or sent as an account the wallet no longer holds. Returns why the user was just signed out.
 */
export function useSessionFollowsWallet(): SessionNotice {
  const connection = useConnection();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<SessionNotice>(null);
  const previous = useRef<{ status: string; address: Address | undefined }>({
    status: connection.status,
    address: connection.address,
  });

  useEffect(() => {
    const before = previous.current;
    previous.current = { status: connection.status, address: connection.address };
    if (!session) return;
    const signedIn = session.address.toLowerCase();
    const disconnected = before.status === "connected" && connection.status === "disconnected";
    const switched =
      connection.status === "connected" &&
      connection.address !== undefined &&
      connection.address.toLowerCase() !== signedIn;
    if (!disconnected && !switched) return;
    setNotice(
      switched && connection.address ? { kind: "accountChanged", address: connection.address } : null,
    );
    void apiPost<void>("/auth/logout")
      .catch(() => undefined)
      .then(() => clearPrivateData(queryClient));
  }, [connection.status, connection.address, session, queryClient]);

  useEffect(() => {
    if (session) setNotice(null);
  }, [session]);

  return notice;
}

/** Provides the notice of `useSessionFollowsWallet` to the tree below (a plain WalletProvider's children). */
export function SessionFollowsWallet({ children }: { children: ReactNode }) {
  const notice = useSessionFollowsWallet();
  return <NoticeContext.Provider value={notice}>{children}</NoticeContext.Provider>;
}

/** The notice as the lazily loaded wallet's scopes provide it (they are not under SessionFollowsWallet). */
export function SessionNoticeProvider({ notice, children }: { notice: SessionNotice; children: ReactNode }) {
  return <NoticeContext.Provider value={notice}>{children}</NoticeContext.Provider>;
}
