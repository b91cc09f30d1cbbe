import { farmNftAbi } from "@farm/contracts/abi";
import type { Invoice } from "@farm/core";
import { apiErrorMessage, apiPost, FormField, GoldAmount, Notice, shortAddress, useT } from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useState } from "react";
import { useInvoiceEvidence } from "../invoices/use-invoice-evidence";
import { InvoiceEvidencePanel } from "./InvoiceEvidencePanel";

export type PendingOnChain = {
  tokenId: bigint;
  farmer: string;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  fundingDeadline: bigint;
};

/**
 * One invoice awaiting approval: on-chain terms, the backend's metadata and evidence, approve or reject with the
 * wallet. Approving records the admin's review through the API first; without a buyer confirmation (none, expired or
 * disputed) it asks for a reason, which goes to the audit table.
 */
export function PendingInvoiceRow({
  invoice,
  metadata,
  onDecided,
}: {
  invoice: PendingOnChain;
  metadata: Invoice["metadata"] | undefined;
  onDecided: () => Promise<unknown>;
}) {
  const t = useT();
  const contracts = useFarmContracts();
  const { send, state, busy } = useTransactor();
  const [rejecting, setRejecting] = useState(false);
  const [approvingWithReason, setApprovingWithReason] = useState(false);
  const [reason, setReason] = useState("");
  const [approvalReason, setApprovalReason] = useState("");
  const [showReasonError, setShowReasonError] = useState(false);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const id = invoice.tokenId.toString();
  const evidence = useInvoiceEvidence(id);
  const buyerStatus = evidence.data?.confirmation.status;
  const reasonValid = reason.trim().length >= 3;
  const approvalReasonValid = approvalReason.trim().length >= 3;

  const approve = async (withReason?: string) => {
    setReviewError(null);
    try {
      await apiPost(`/admin/invoices/${id}/approval`, withReason ? { reason: withReason } : {});
    } catch (error) {
      setReviewError(apiErrorMessage(error, t));
      return;
    }
    await sendApproval();
  };
  const sendApproval = () =>
    send(
      {
        address: contracts.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [invoice.tokenId],
      },
      { label: t("admin.invoices.approving", { id }), onConfirmed: onDecided },
    );
  const reject = () =>
    send(
      {
        address: contracts.farmNft,
        abi: farmNftAbi,
        functionName: "rejectInvoice",
        args: [invoice.tokenId, reason.trim()],
      },
      { label: t("admin.invoices.rejecting", { id }), onConfirmed: onDecided },
    );

  return (
    <li className="farm-card pending-invoice" data-testid={`pending-invoice-${id}`}>
      <h3>
        #{id} {metadata?.invoiceNumber ?? ""} {metadata ? `· ${metadata.buyerName}` : ""}
      </h3>
      <p>
        <GoldAmount value={invoice.amount} /> ·{" "}
        {t("invoices.list.yieldTerm", { percent: invoice.yieldBps / 100, days: invoice.tenorDays })} ·{" "}
        {t("admin.invoices.farmer")} <span title={invoice.farmer}>{shortAddress(invoice.farmer)}</span>
      </p>
      {metadata ? (
        <p>
          {t("invoices.field.dueDate")}: {metadata.dueDate}
          {metadata.description ? ` · ${metadata.description}` : ""}
        </p>
      ) : (
        <p>{t("admin.invoices.noMetadata")}</p>
      )}
      {evidence.data ? <InvoiceEvidencePanel evidence={evidence.data} /> : null}
      {approvingWithReason ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!approvalReasonValid) setShowReasonError(true);
            else void approve(approvalReason.trim());
          }}
        >
          <Notice tone={buyerStatus === "disputed" ? "error" : "info"}>
            {buyerStatus === "disputed" ? t("evidence.approve.disputed") : t("evidence.approve.unconfirmed")}
          </Notice>
          <FormField
            id={`approval-reason-${id}`}
            label={t("evidence.approve.reason")}
            error={showReasonError && !approvalReasonValid ? t("admin.kyc.reasonError") : undefined}
            required
          >
            {(control) => (
              <input
                {...control}
                value={approvalReason}
                onChange={(event) => setApprovalReason(event.target.value)}
              />
            )}
          </FormField>
          <div className="admin-actions">
            <button type="submit" disabled={busy} data-testid={`approve-with-reason-${id}`}>
              {t("evidence.approve.withReason")}
            </button>
            <button type="button" className="secondary" onClick={() => setApprovingWithReason(false)}>
              {t("common.cancel")}
            </button>
          </div>
        </form>
      ) : rejecting ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reasonValid) setShowReasonError(true);
            else void reject();
          }}
        >
          <FormField
            id={`invoice-reason-${id}`}
            label={t("admin.invoices.reason")}
            error={showReasonError && !reasonValid ? t("admin.kyc.reasonError") : undefined}
            required
          >
            {(control) => (
              <input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </FormField>
          <div className="admin-actions">
            <button type="submit" className="danger" disabled={busy}>
              {t("admin.invoices.confirmReject")}
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
            disabled={busy}
            onClick={() => {
              if (buyerStatus === "confirmed") void approve();
              else setApprovingWithReason(true);
            }}
            data-testid={`approve-invoice-${id}`}
          >
            {t("admin.invoices.approve")}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => setRejecting(true)}>
            {t("admin.invoices.reject")}
          </button>
        </div>
      )}
      {reviewError ? <Notice tone="error">{reviewError}</Notice> : null}
      <TxProgress state={state} />
    </li>
  );
}
