import { useSession, useT } from "@farm/ui";
import type { ReactNode } from "react";

/**
 * Pages that belong to one investor ask them to connect and sign in first (the header holds the buttons); `message`
 * says what for, the garden unless told.
 */
export function SignInRequired({ children, message }: { children: ReactNode; message?: string }) {
  const t = useT();
  const { session, isLoading } = useSession();
  if (isLoading) return <p role="status">{t("common.loading")}</p>;
  if (!session)
    return (
      <div className="card empty">
        <p>{message ?? t("signIn.needed")}</p>
      </div>
    );
  return children;
}
