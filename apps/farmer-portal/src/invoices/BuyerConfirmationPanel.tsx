import type { ConfirmationLink } from "@farm/core";
import { ApiErrorText, apiPost, formatDateTime, useI18n } from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BuyerConfirmationStatus } from "./BuyerConfirmationStatus";
import { evidenceQueryKey, useInvoiceEvidence } from "./use-invoice-evidence";
import "../i18n/evidence";

/**
 * The farmer's side of the buyer's confirmation: where it stands, and a button that has the platform e-mail the buyer
 * a new single-use link (the older one stops working). The farmer never sees the link, only the masked address it went
 * to; a buyer reached by phone cannot get one (there is no text-message channel).
 */
export function BuyerConfirmationPanel({ tokenId }: { tokenId: string }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const evidence = useInvoiceEvidence(tokenId);
  const [sent, setSent] = useState<ConfirmationLink | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!evidence.data) return null;
  const { confirmation } = evidence.data;

  const sendLink = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await apiPost<ConfirmationLink>(`/invoices/${tokenId}/confirmation-link`, {}));
      await queryClient.invalidateQueries({ queryKey: evidenceQueryKey(tokenId) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="buyer-confirmation">
      <BuyerConfirmationStatus confirmation={confirmation} tokenId={tokenId} />
      {confirmation.decision === null && confirmation.channel === "none" ? (
        <p className="buyer-confirmation__phone" data-testid={`buyer-phone-${tokenId}`}>
          {t("evidence.noEmailChannel")}
        </p>
      ) : null}
      {confirmation.decision === null && confirmation.channel === "email" ? (
        <>
          {confirmation.freeMail ? <small>{t("evidence.freeMailWeaker")}</small> : null}
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={() => void sendLink()}
            data-testid={`create-link-${tokenId}`}
          >
            {confirmation.status === "none"
              ? t("evidence.sendLink", { address: confirmation.sentTo ?? "" })
              : t("evidence.sendNewLink", { address: confirmation.sentTo ?? "" })}
          </button>
        </>
      ) : null}
      {sent ? (
        <p role="status" data-testid={`link-sent-${tokenId}`}>
          {t("evidence.linkSent", {
            address: sent.sentTo,
            date: formatDateTime(new Date(sent.expiresAt), language),
          })}
        </p>
      ) : null}
      {error ? (
        <p role="alert">
          <ApiErrorText error={error} />
        </p>
      ) : null}
    </div>
  );
}
