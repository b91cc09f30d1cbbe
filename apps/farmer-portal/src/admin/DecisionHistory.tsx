import type { FarmerReviewEntry } from "@farm/core";
import { shortAddress, useFormat, useT } from "@farm/ui";
import { AuditHistory } from "./AuditHistory";

export const decisionHistoryKey = ["admin", "reviews"] as const;

/** The latest KYC decisions from the audit table (`GET /api/admin/reviews`): who decided, when, and why. */
export function DecisionHistory() {
  const t = useT();
  const format = useFormat();
  return (
    <AuditHistory<FarmerReviewEntry>
      id="decisions-title"
      title={t("admin.history.title")}
      queryKey={decisionHistoryKey}
      path="/admin/reviews"
      testId="decision-history"
      renderItem={(item) => (
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
      )}
    />
  );
}
