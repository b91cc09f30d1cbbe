import type { InvoiceDecisionsResponse } from "@farm/core";
import { apiErrorMessage, apiGet, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const invoiceDecisionsKey = ["admin", "invoice-decisions"] as const;

/**
 * The latest invoice decisions from the audit table (`GET /api/admin/invoices/decisions`): who decided, when, why,
 * and where the invoice stands on chain now (still pending when the admin's transaction never landed).
 */
export function InvoiceDecisionHistory() {
  const t = useT();
  const format = useFormat();
  const history = useQuery({
    queryKey: invoiceDecisionsKey,
    queryFn: ({ signal }) => apiGet<InvoiceDecisionsResponse>("/admin/invoices/decisions", signal),
  });
  return (
    <section aria-labelledby="invoice-decisions-title" data-testid="invoice-decision-history">
      <h2 id="invoice-decisions-title">{t("admin.invoiceHistory.title")}</h2>
      {history.error ? <Notice tone="error">{apiErrorMessage(history.error, t)}</Notice> : null}
      {history.data?.items.length === 0 ? <p>{t("admin.history.empty")}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <ul className="decision-history">
          {history.data.items.map((item) => (
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
          ))}
        </ul>
      ) : null}
    </section>
  );
}
