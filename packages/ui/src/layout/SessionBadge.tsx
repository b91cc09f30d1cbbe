import { useT } from "../i18n/I18nProvider";
import { useSession } from "../session/use-session";
import { shortAddress } from "./short-address";

/** Session state without wallet code, for routes that do not load wagmi; on a phone only the short address shows. */
export function SessionBadge() {
  const t = useT();
  const { session } = useSession();
  if (!session) return null;
  const short = shortAddress(session.address);
  const full = t("auth.signedInAs", { address: short });
  return (
    <span className="farm-session" data-testid="session-badge" title={session.address}>
      <span className="farm-visually-hidden">{full}</span>
      <span className="farm-session__full" aria-hidden="true">
        {full}
      </span>
      <span className="farm-session__short" aria-hidden="true">
        {short}
      </span>
    </span>
  );
}
