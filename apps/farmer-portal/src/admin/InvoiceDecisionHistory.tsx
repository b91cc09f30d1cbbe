import type { InvoiceDecision } from "@farm/core";
import { shortAddress, useFormat, useT } from "@farm/ui";
import { AuditHistory } from "./AuditHistory";

export const invoiceDecisionsKey = ["admin", "invoice-decisions"] as const;

/**
 * The latest invoice decisions from the audit table (`GET /api/admin/invoices/decisions`): who decided, when, why,
 * and where the invoice stands on chain now (still pending when the admin's transaction never landed).
 */
export function InvoiceDecisionHistory() {
  const t = useT();
  const format = useFormat();
  return (
    <AuditHistory<InvoiceDecision>
      id="invoice-decisions-title"
      title={t("admin.invoiceHistory.title")}
      queryKey={invoiceDecisionsKey}
      path="/admin/invoices/decisions"
      testId="invoice-decision-history"
      renderItem={(item) => (
        <li
          key={`${item.tokenId}-${item.decidedAt}`}
          data-testid="invoice-decision"
          data-token-id={item.tokenId}
          data-action={item.action}
          data-chain-status={item.chainStatus ?? ""}
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
            {item.chainStatus === "pending" ? ` · ${t("admin.invoiceHistory.notOnChain")}` : ""}
          </small>
        </li>
      )}
    />
  );
}
