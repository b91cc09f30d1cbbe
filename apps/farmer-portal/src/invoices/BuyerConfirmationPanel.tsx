import type { ConfirmationLink } from "@farm/core";
import { ApiErrorText, apiPost, useT } from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BuyerConfirmationStatus } from "./BuyerConfirmationStatus";
import { CopyShareLink } from "./CopyShareLink";
import { evidenceQueryKey, useInvoiceEvidence } from "./use-invoice-evidence";
import "../i18n/evidence";

/**
 * The farmer's side of the buyer's confirmation: where it stands, and a new single-use link to send the buyer. The
 * link is shown once (only its hash is stored), so it is shown here in full to copy.
 */
export function BuyerConfirmationPanel({ tokenId }: { tokenId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const evidence = useInvoiceEvidence(tokenId);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!evidence.data) return null;
  const { confirmation } = evidence.data;

  const createLink = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await apiPost<ConfirmationLink>(`/invoices/${tokenId}/confirmation-link`, {});
      setLink(`${window.location.origin}${created.path}`);
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
      {confirmation.decision === null ? (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => void createLink()}
          data-testid={`create-link-${tokenId}`}
        >
          {confirmation.status === "none" ? t("evidence.createLink") : t("evidence.createNewLink")}
        </button>
      ) : null}
      {link ? (
        <label className="buyer-confirmation__link">
          {t("evidence.linkLabel")}
          <input
            readOnly
            value={link}
            data-testid={`confirmation-link-${tokenId}`}
            onFocus={(e) => e.target.select()}
          />
          <small>{t("evidence.linkOnce")}</small>
        </label>
      ) : null}
      {link ? <CopyShareLink link={link} title={t("evidence.shareTitle", { id: tokenId })} /> : null}
      {error ? (
        <p role="alert">
          <ApiErrorText error={error} />
        </p>
      ) : null}
    </div>
  );
}
