import type { InvoiceEvidence } from "@farm/core";
import { formatDateTime, useI18n } from "@farm/ui";
import "../i18n/evidence";

/** The buyer's confirmation as the farmer and admins see it: status, and when and how the buyer answered. */
export function BuyerConfirmationStatus({
  confirmation,
  tokenId,
}: {
  confirmation: InvoiceEvidence["confirmation"];
  tokenId: string;
}) {
  const { t, language } = useI18n();
  const { status, decision, linkExpiresAt } = confirmation;
  const when = (iso: string) => formatDateTime(new Date(iso), language);
  return (
    <p className="buyer-status" data-testid={`buyer-status-${tokenId}`} data-status={status}>
      <span className={`status-pill status-pill--buyer-${status}`}>{t(`evidence.status.${status}`)}</span>
      {decision ? (
        <small>
          {" "}
          {t("evidence.decidedAt", { date: when(decision.decidedAt) })} ·{" "}
          {t(`evidence.method.${decision.method}`)}
          {decision.signer ? ` (${decision.signer})` : ""}
          {decision.note ? ` · “${decision.note}”` : ""}
        </small>
      ) : null}
      {status === "link_sent" && linkExpiresAt ? (
        <small> {t("evidence.linkExpires", { date: when(linkExpiresAt) })}</small>
      ) : null}
    </p>
  );
}
