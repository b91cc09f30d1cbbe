import { type Farmer, rejectFarmerRequestSchema } from "@farm/core";
import { apiErrorMessage, FormField, Notice, shortAddress, useT } from "@farm/ui";
import { useState } from "react";
import { DocumentViewer } from "./DocumentViewer";
import { useKycDecision } from "./use-admin-farmers";

/** One farmer in the KYC queue: profile, documents in the page, approve or reject with a reason. */
export function FarmerReview({ farmer }: { farmer: Farmer }) {
  const t = useT();
  const decide = useKycDecision();
  const [reason, setReason] = useState("");
  const [rejecting, setRejecting] = useState(false);
  const [showReasonError, setShowReasonError] = useState(false);
  const reasonValid = rejectFarmerRequestSchema.safeParse({ reason }).success;
  const headingId = `farmer-${farmer.id}`;

  return (
    <article
      className="farm-card kyc-farmer"
      aria-labelledby={headingId}
      data-testid="kyc-farmer"
      data-wallet={farmer.walletAddress}
    >
      <h3 id={headingId}>
        {farmer.personal.fullName} · {farmer.business.businessName}
      </h3>
      <dl className="kyc-farmer__facts">
        <div>
          <dt>{t("admin.kyc.wallet")}</dt>
          <dd title={farmer.walletAddress}>{shortAddress(farmer.walletAddress)}</dd>
        </div>
        <div>
          <dt>{t("register.field.nik")}</dt>
          <dd>{farmer.personal.nik}</dd>
        </div>
        <div>
          <dt>{t("register.field.phone")}</dt>
          <dd>{farmer.personal.phone}</dd>
        </div>
        <div>
          <dt>{t("register.field.city")}</dt>
          <dd>
            {farmer.personal.address.city}, {farmer.personal.address.province}
          </dd>
        </div>
        <div>
          <dt>{t("register.field.businessType")}</dt>
          <dd>{t(`register.businessType.${farmer.business.businessType}`)}</dd>
        </div>
        <div>
          <dt>{t("register.field.npwp")}</dt>
          <dd>{farmer.business.npwp}</dd>
        </div>
        <div>
          <dt>{t("register.field.bankName")}</dt>
          <dd>
            {farmer.business.bankName} {farmer.business.bankAccountNumber} (
            {farmer.business.bankAccountHolder})
          </dd>
        </div>
        <div>
          <dt>{t("register.field.crops")}</dt>
          <dd>
            {farmer.business.crops.join(", ")} · {farmer.business.landAreaHectares} ha ·{" "}
            {t("admin.kyc.years", { years: farmer.business.yearsFarming })}
          </dd>
        </div>
      </dl>
      <div className="kyc-farmer__documents">
        {farmer.documents.map((document) => (
          <DocumentViewer
            key={document.kind}
            path={`/farmers/${farmer.id}/documents/${document.kind}`}
            title={t(`register.document.${document.kind}`)}
          />
        ))}
      </div>
      {decide.error ? <Notice tone="error">{apiErrorMessage(decide.error, t)}</Notice> : null}
      {rejecting ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reasonValid) {
              setShowReasonError(true);
              return;
            }
            decide.mutate({ farmerId: farmer.id, reject: { reason } });
          }}
        >
          <FormField
            id={`reject-reason-${farmer.id}`}
            label={t("admin.kyc.reason")}
            error={showReasonError && !reasonValid ? t("admin.kyc.reasonError") : undefined}
            required
          >
            {(control) => (
              <textarea {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </FormField>
          <div className="admin-actions">
            <button type="submit" className="danger" disabled={decide.isPending}>
              {t("admin.kyc.confirmReject")}
            </button>
            <button type="button" className="secondary" onClick={() => setRejecting(false)}>
              {t("common.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <div className="admin-actions">
          <button
            type="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ farmerId: farmer.id })}
            data-testid="approve-farmer"
          >
            {t("admin.kyc.approve")}
          </button>
          <button type="button" className="danger" onClick={() => setRejecting(true)}>
            {t("admin.kyc.reject")}
          </button>
        </div>
      )}
    </article>
  );
}
