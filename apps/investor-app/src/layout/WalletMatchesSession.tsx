import { useSession, useT } from "@farm/ui";
import type { ReactNode } from "react";
import { useConnection } from "wagmi";

/**
 * Inside NeedsWallet: shows `children` only while the wallet is connected to the signed-in account. A session cookie
 * outlives the wallet (a locked extension, another browser profile), and a garden shown beside the header's
 * "Connect wallet" would offer harvests that cannot be sent.
 */
export function WalletMatchesSession({ children }: { children: ReactNode }) {
  const t = useT();
  const { session } = useSession();
  const { status, address } = useConnection();
  if (status === "reconnecting" || status === "connecting") return <p role="status">{t("common.loading")}</p>;
  const matches =
    status === "connected" && session !== null && address?.toLowerCase() === session.address.toLowerCase();
  if (!matches)
    return (
      <div className="card empty" data-testid="connect-wallet-needed">
        <p>{t("signIn.walletNeeded")}</p>
      </div>
    );
  return children;
}
