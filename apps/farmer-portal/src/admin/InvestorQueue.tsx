import type { InvestorReview, InvestorVerificationStatus } from "@farm/core";
import { ApiErrorText, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import "../i18n/admin-investors";
import { AuditHistory } from "./AuditHistory";
import { InvestorCard } from "./InvestorCard";
import { investorReviewsKey, useInvestorQueue } from "./use-admin-investors";

function InvestorList({ status, admin }: { status: InvestorVerificationStatus; admin: string | undefined }) {
  const t = useT();
  const list = useInvestorQueue(status);
  return (
    <section aria-labelledby={`investors-${status}-title`} data-testid={`investors-${status}`}>
      <h2 id={`investors-${status}-title`}>{t(`adminInvestors.list.${status}`)}</h2>
      {list.error ? (
        <Notice tone="error">
          <ApiErrorText error={list.error} />
        </Notice>
      ) : null}
      {list.isLoading ? <p role="status">{t("common.loading")}</p> : null}
      {list.data?.items.length === 0 ? <p>{t(`adminInvestors.empty.${status}`)}</p> : null}
      {list.data?.items.map((investor) => (
        <InvestorCard key={investor.id} investor={investor} admin={admin} />
      ))}
    </section>
  );
}

/** The investors' side of `/admin`, beside the farmers' queue: verifications to decide, verified investors (freeze,
 *  rebind), and every decision with who, when and why. */
export function InvestorQueue({ admin }: { admin?: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <>
      <InvestorList status="pending" admin={admin} />
      <InvestorList status="approved" admin={admin} />
      <AuditHistory<InvestorReview>
        id="investor-decisions-title"
        title={t("adminInvestors.history.title")}
        queryKey={investorReviewsKey}
        path="/admin/investors/reviews"
        testId="investor-history"
        renderItem={(item) => (
          <li key={`${item.verificationId}-${item.decidedAt}-${item.action}`} data-testid="investor-decision">
            <strong>
              {t(`adminInvestors.history.${item.action}`, { wallet: shortAddress(item.wallet) })}
            </strong>{" "}
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
    </>
  );
}
