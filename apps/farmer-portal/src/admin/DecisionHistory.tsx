import type { FarmerReviewsResponse } from "@farm/core";
import { apiErrorMessage, apiGet, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

export const decisionHistoryKey = ["admin", "reviews"] as const;

/** The latest KYC decisions from the audit table (`GET /api/admin/reviews`): who decided, when, and why. */
export function DecisionHistory() {
  const t = useT();
  const format = useFormat();
  const history = useQuery({
    queryKey: decisionHistoryKey,
    queryFn: ({ signal }) => apiGet<FarmerReviewsResponse>("/admin/reviews", signal),
  });
  return (
    <section aria-labelledby="decisions-title" data-testid="decision-history">
      <h2 id="decisions-title">{t("admin.history.title")}</h2>
      {history.error ? <Notice tone="error">{apiErrorMessage(history.error, t)}</Notice> : null}
      {history.data?.items.length === 0 ? <p>{t("admin.history.empty")}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <ul className="decision-history">
          {history.data.items.map((item) => (
            <li key={`${item.farmerId}-${item.decidedAt}`} data-testid="decision" data-action={item.action}>
              <strong>{t(`admin.history.${item.action}`, { name: item.businessName })}</strong>{" "}
              <small>
                {t("admin.history.by", {
                  admin: shortAddress(item.adminAddress),
                  when: format.dateTime(item.decidedAt),
                })}
                {item.reason ? ` · ${t("admin.history.reason", { reason: item.reason })}` : ""}
              </small>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
