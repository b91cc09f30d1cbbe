import type { InvoiceDecision } from "@farm/core";
import { shortAddress, useFormat, useT } from "@farm/ui";
import { AuditHistory } from "./AuditHistory";
import "../i18n/admin-decisions";

export const invoiceDecisionsKey = ["admin", "invoice-decisions"] as const;

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/**
 * The latest invoice decisions from the audit table (`GET /api/admin/invoices/decisions`): who decided, when, why,
 * the transaction, and where the invoice stands on chain now. Each was recorded from its mined transaction.
 */
export function InvoiceDecisionHistory() {
  const t = useT();
  const format = useFormat();
  const chainStatusWords = (status: string) =>
    t("admin.invoiceHistory.chainStatus", { status: t(`admin.chainStatus.${status}`) });
  return (
    <AuditHistory<InvoiceDecision>
      id="invoice-decisions-title"
      title={t("admin.invoiceHistory.title")}
      queryKey={invoiceDecisionsKey}
      path="/admin/invoices/decisions"
      testId="invoice-decision-history"
      renderItem={(item) => (
        <li
          key={item.txHash ?? `${item.tokenId}-${item.decidedAt}`}
          data-testid="invoice-decision"
          data-token-id={item.tokenId}
          data-action={item.action}
          data-chain-status={item.chainStatus ?? ""}
          data-tx-hash={item.txHash ?? ""}
        >
          <strong>
            {t(`admin.invoiceHistory.${item.action}`, { id: item.tokenId, number: item.invoiceNumber })}
          </strong>{" "}
          <small>
            {t("admin.history.by", {
              admin: shortAddress(item.adminAddress),
              when: format.dateTime(item.decidedAt),
            })}
            {item.reason ? ` · ${t("admin.history.reason", { reason: item.reason })}` : ""}
            {item.chainStatus ? ` · ${chainStatusWords(item.chainStatus)}` : ""}
            {item.txHash ? (
              <>
                {" · "}
                <span title={item.txHash}>
                  {t("tx.hash")} {shortHash(item.txHash)}
                </span>
              </>
            ) : null}
          </small>
        </li>
      )}
    />
  );
}
