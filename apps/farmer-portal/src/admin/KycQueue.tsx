import { ApiErrorText, Notice, useT } from "@farm/ui";
import { FarmerReview } from "./FarmerReview";
import { useKycQueue, useLastDecision } from "./use-admin-farmers";

/** The registrations to review; `admin` is the signed-in admin, offered no decision on its own. */
export function KycQueue({ admin }: { admin?: string }) {
  const t = useT();
  const queue = useKycQueue();
  const last = useLastDecision();
  return (
    <section aria-labelledby="kyc-title" data-testid="kyc-queue">
      <h2 id="kyc-title">{t("admin.kyc.title")}</h2>
      {last ? (
        <Notice tone="success">
          <span data-testid="kyc-decided">
            {t(last.status === "approved" ? "admin.kyc.approvedDone" : "admin.kyc.rejectedDone", {
              name: last.business.businessName,
            })}
          </span>
        </Notice>
      ) : null}
      {queue.error ? (
        <Notice tone="error">
          <ApiErrorText error={queue.error} />
        </Notice>
      ) : null}
      {queue.isLoading ? <p role="status">{t("common.loading")}</p> : null}
      {queue.data?.items.length === 0 ? <p>{t("admin.kyc.empty")}</p> : null}
      {queue.data?.items.map((farmer) => (
        <FarmerReview key={farmer.id} farmer={farmer} admin={admin} />
      ))}
    </section>
  );
}
