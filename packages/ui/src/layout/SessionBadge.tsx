import { useT } from "../i18n/I18nProvider";
import { useSession } from "../session/use-session";
import { shortAddress } from "./short-address";

/** Session state without wallet code, for routes that do not load wagmi. */
export function SessionBadge() {
  const t = useT();
  const { session } = useSession();
  if (!session) return null;
  return (
    <span className="farm-session" data-testid="session-badge">
      {t("auth.signedInAs", { address: shortAddress(session.address) })}
    </span>
  );
}
