import type { AdminInvestorVerification } from "@farm/core";
import { ApiErrorText, GoldAmount, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import { useState } from "react";
import "../i18n/admin-decisions";
import "../i18n/admin-investors";
import { ReasonForm } from "../layout/ReasonForm";
import { DocumentViewer } from "./DocumentViewer";
import { RebindForm } from "./RebindForm";
import { useInvestorDecision } from "./use-admin-investors";

type Asking = "none" | "approve" | "reject" | "freeze" | "rebind";

/** One investor verification: identity, income, tier and KTP; approve or reject a pending one, freeze or unfreeze or
 *  move an approved one to a new wallet. Each decision is asked first; none on the signed-in `admin`'s own wallet. */
export function InvestorCard({
  investor,
  admin,
}: {
  investor: AdminInvestorVerification;
  admin?: string | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const decide = useInvestorDecision();
  const [asking, setAsking] = useState<Asking>("none");
  const frozen = investor.credential?.frozen ?? false;
  const done = () => setAsking("none");
  const mutate = (decision: Parameters<typeof decide.mutate>[0]["decision"]) =>
    decide.mutate({ id: investor.id, decision }, { onSuccess: done });
  const headingId = `investor-${investor.id}`;
  return (
    <article
      className="farm-card kyc-farmer"
      aria-labelledby={headingId}
      data-testid="investor-card"
      data-wallet={investor.wallet}
      data-status={investor.status}
    >
      <h3 id={headingId}>
        {investor.fullName} · {t(`adminInvestors.tier.${investor.tier}`)}
      </h3>
      <dl className="kyc-farmer__facts">
        <div>
          <dt>{t("admin.kyc.wallet")}</dt>
          <dd title={investor.wallet}>{shortAddress(investor.wallet)}</dd>
        </div>
        <div>
          <dt>{t("register.field.nik")}</dt>
          <dd>{investor.nik}</dd>
        </div>
        <div>
          <dt>{t("register.field.dateOfBirth")}</dt>
          <dd>{format.date(investor.dateOfBirth)}</dd>
        </div>
        <div>
          <dt>{t("adminInvestors.income")}</dt>
          <dd>{format.rupiah(BigInt(investor.annualIncomeRupiah))}</dd>
        </div>
        {investor.professionalReason ? (
          <div>
            <dt>{t("adminInvestors.professionalReason")}</dt>
            <dd>{investor.professionalReason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("adminInvestors.submitted")}</dt>
          <dd>{format.dateTime(investor.submittedAt)}</dd>
        </div>
        {investor.credential ? (
          <div>
            <dt>{t("adminInvestors.credential")}</dt>
            <dd data-testid="investor-credential">
              {t(frozen ? "adminInvestors.credentialFrozen" : "adminInvestors.credentialUntil", {
                date: format.date(investor.credential.validUntil),
              })}{" "}
              · <GoldAmount value={investor.credential.outstanding} /> /{" "}
              <GoldAmount value={investor.credential.limit} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="kyc-farmer__documents">
        <DocumentViewer path={`/admin/investors/${investor.id}/ktp`} title={t("adminInvestors.ktp")} />
      </div>
      {decide.error ? (
        <Notice tone="error">
          <ApiErrorText error={decide.error} />
        </Notice>
      ) : null}
      {admin?.toLowerCase() === investor.wallet.toLowerCase() ? (
        <p data-testid="own-wallet">{t("admin.ownWallet")}</p>
      ) : asking === "reject" || asking === "freeze" ? (
        <ReasonForm
          id={`investor-reason-${investor.id}`}
          label={t("adminInvestors.reason")}
          submitLabel={t(
            asking === "reject"
              ? "adminInvestors.confirmReject"
              : frozen
                ? "adminInvestors.confirmUnfreeze"
                : "adminInvestors.confirmFreeze",
          )}
          busy={decide.isPending}
          danger={asking === "reject" || !frozen}
          submitTestId="investor-reason-submit"
          onSubmit={(reason) =>
            mutate(
              asking === "reject"
                ? { action: "reject", reason }
                : { action: "freeze", frozen: !frozen, reason },
            )
          }
          onCancel={done}
        />
      ) : asking === "rebind" ? (
        <RebindForm
          id={investor.id}
          busy={decide.isPending}
          onSubmit={(wallet) => mutate({ action: "rebind", wallet })}
          onCancel={done}
        />
      ) : asking === "approve" ? (
        <div className="admin-actions">
          <span>{t("adminInvestors.confirmApproveQuestion", { name: investor.fullName })}</span>
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => mutate({ action: "approve" })}
            data-testid="confirm-approve-investor"
          >
            {t("adminInvestors.confirmApprove")}
          </button>
          <button type="button" className="secondary" onClick={done}>
            {t("common.cancel")}
          </button>
        </div>
      ) : investor.status === "pending" ? (
        <div className="admin-actions">
          <button type="button" onClick={() => setAsking("approve")} data-testid="approve-investor">
            {t("adminInvestors.approve")}
          </button>
          <button type="button" className="danger" onClick={() => setAsking("reject")}>
            {t("admin.kyc.reject")}
          </button>
        </div>
      ) : investor.status === "approved" ? (
        <div className="admin-actions">
          <button
            type="button"
            className={frozen ? undefined : "danger"}
            onClick={() => setAsking("freeze")}
            data-testid="freeze-investor"
          >
            {t(frozen ? "adminInvestors.unfreeze" : "adminInvestors.freeze")}
          </button>
          <button type="button" className="secondary" onClick={() => setAsking("rebind")}>
            {t("adminInvestors.rebind")}
          </button>
        </div>
      ) : null}
    </article>
  );
}
