import type { ReactNode } from "react";
import { useConnection } from "wagmi";
import { useT } from "../i18n/I18nProvider";
import { type Session, useSession } from "../session/use-session";
import { WalletPanel } from "./WalletPanel";

/**
 * Renders its children only for a connected wallet that is signed in as itself; otherwise explains and offers
 * the wallet panel. Children get the session.
 */
export function RequireSignIn({
  reason,
  defaultDevAccountIndex,
  children,
}: {
  reason: string;
  defaultDevAccountIndex: number;
  children: (session: Session) => ReactNode;
}) {
  const t = useT();
  const { address } = useConnection();
  const { session, isLoading } = useSession();
  if (isLoading) return <p role="status">{t("common.loading")}</p>;
  if (session && address && session.address.toLowerCase() === address.toLowerCase()) return children(session);
  return (
    <section className="farm-card farm-sign-in-gate" aria-labelledby="sign-in-gate-title">
      <h2 id="sign-in-gate-title">{t("auth.signIn")}</h2>
      <p>{reason}</p>
      <WalletPanel defaultDevAccountIndex={defaultDevAccountIndex} />
    </section>
  );
}
