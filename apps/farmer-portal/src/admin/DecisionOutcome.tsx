import { ApiErrorText, Notice, useT } from "@farm/ui";
import { TxProgress } from "@farm/ui/wallet";
import { ReasonForm } from "../layout/ReasonForm";
import type { useInvoiceDecision } from "./use-invoice-decision";
import "../i18n/evidence";
import "../i18n/admin-decisions";

/**
 * A decision's transaction as it goes, and, when its mined transaction could not be recorded, why and a way to record
 * it again (asking for the reason when the API wants one).
 */
export function DecisionOutcome({
  id,
  decision,
}: {
  id: string;
  decision: ReturnType<typeof useInvoiceDecision>;
}) {
  const t = useT();
  const { unrecorded } = decision;
  return (
    <>
      <TxProgress state={decision.state} />
      {unrecorded ? (
        <div data-testid={`unrecorded-${id}`}>
          <Notice tone="error">
            {t("admin.decision.unrecordedExplain")} <ApiErrorText error={unrecorded.error} />
          </Notice>
          {unrecorded.needsReason ? (
            <ReasonForm
              id={`record-reason-${id}`}
              label={t("evidence.approve.reason")}
              submitLabel={t("admin.decision.recordAgain")}
              busy={decision.busy}
              onSubmit={(reason) => decision.retry(reason)}
              onCancel={decision.dismiss}
            />
          ) : (
            <button type="button" className="secondary" onClick={() => decision.retry()}>
              {t("admin.decision.recordAgain")}
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}
