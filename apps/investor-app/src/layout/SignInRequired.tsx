import { useSession, useT } from "@farm/ui";
import type { ReactNode } from "react";

/** Pages that belong to one investor ask them to connect and sign in first (the header holds the buttons). */
export function SignInRequired({ children }: { children: ReactNode }) {
  const t = useT();
  const { session, isLoading } = useSession();
  if (isLoading) return <p role="status">{t("common.loading")}</p>;
  if (!session)
    return (
      <div className="card empty">
        <p>{t("signIn.needed")}</p>
      </div>
    );
  return children;
}
