import type { Farmer, RefusedItems } from "@farm/core";
import { ApiErrorText, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import { useState } from "react";
import { ReasonForm } from "../layout/ReasonForm";
import { DocumentViewer } from "./DocumentViewer";
import { RefusedItemsPicker } from "./RefusedItemsPicker";
import { useKycDecision } from "./use-admin-farmers";
import "../i18n/admin-decisions";

/**
 * One farmer in the KYC queue: profile, documents in the page, approve or reject with a reason; no decision on the
 * signed-in admin's own registration (`admin`: the API refuses it, 403 OWN_WALLET_DECISION).
 */
export function FarmerReview({ farmer, admin }: { farmer: Farmer; admin?: string | undefined }) {
  const t = useT();
  const format = useFormat();
  const decide = useKycDecision();
  const [rejecting, setRejecting] = useState(false);
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [refused, setRefused] = useState<RefusedItems>({ documents: [], fields: [] });
  const namesRefused = refused.documents.length + refused.fields.length > 0;
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
          <dt>{t("admin.kyc.crops")}</dt>
          <dd>
            {farmer.business.crops.join(", ")} · {format.number(farmer.business.landAreaHectares)} ha ·{" "}
            {t("admin.kyc.years", { count: farmer.business.yearsFarming })}
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
      {decide.error ? (
        <Notice tone="error">
          <ApiErrorText error={decide.error} />
        </Notice>
      ) : null}
      {admin?.toLowerCase() === farmer.walletAddress.toLowerCase() ? (
        <p data-testid="own-wallet">{t("admin.ownWallet")}</p>
      ) : rejecting ? (
        <ReasonForm
          id={`reject-reason-${farmer.id}`}
          label={t(namesRefused ? "admin.kyc.reasonOptional" : "admin.kyc.reason")}
          submitLabel={t("admin.kyc.confirmReject")}
          busy={decide.isPending}
          danger
          // At least one refused item or a reason: with nothing ticked, the reason is required.
          reasonRequired={!namesRefused}
          onSubmit={(reason) =>
            decide.mutate({
              farmerId: farmer.id,
              reject: { ...(reason ? { reason } : {}), ...(namesRefused ? { refused } : {}) },
            })
          }
          onCancel={() => setRejecting(false)}
        >
          <RefusedItemsPicker id={farmer.id} value={refused} onChange={setRefused} />
        </ReasonForm>
      ) : (
        <div className="admin-actions">
          {confirmingApproval ? (
            <>
              <span>{t("admin.kyc.confirmApproveQuestion", { name: farmer.business.businessName })}</span>
              <button
                type="button"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ farmerId: farmer.id })}
                data-testid="confirm-approve-farmer"
              >
                {t("admin.kyc.confirmApprove")}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirmingApproval(false)}>
                {t("common.cancel")}
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setConfirmingApproval(true)} data-testid="approve-farmer">
              {t("admin.kyc.approve")}
            </button>
          )}
          <button type="button" className="danger" onClick={() => setRejecting(true)}>
            {t("admin.kyc.reject")}
          </button>
        </div>
      )}
    </article>
  );
}
