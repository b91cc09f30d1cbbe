import { farmNftAbi } from "@farm/contracts/abi";
import type { Invoice } from "@farm/core";
import {
  apiErrorMessage,
  apiPost,
  GoldAmount,
  Notice,
  shortAddress,
  useFormat,
  useT,
  useToast,
} from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useInvoiceEvidence } from "../invoices/use-invoice-evidence";
import { ReasonForm } from "../layout/ReasonForm";
import { invoiceDecisionsKey } from "./InvoiceDecisionHistory";
import { InvoiceEvidencePanel } from "./InvoiceEvidencePanel";

export type PendingOnChain = {
  tokenId: bigint;
  farmer: string;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  fundingDeadline: bigint;
};

type Step = "idle" | "confirmApprove" | "approveWithReason" | "reject";

/**
 * One invoice awaiting approval: on-chain terms, the backend's metadata and evidence, approve or reject with the
 * wallet. Every decision asks first (approving names the invoice, amount and farmer; rejecting and approving without
 * a buyer confirmation ask for a reason), is recorded in the audit table through the API, then sent with the
 * admin's wallet; the result is said in a toast and the decision history.
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
  const format = useFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const contracts = useFarmContracts();
  const { send, state, busy } = useTransactor();
  const [step, setStep] = useState<Step>("idle");
  const [reviewError, setReviewError] = useState<string | null>(null);
  const id = invoice.tokenId.toString();
  const evidence = useInvoiceEvidence(id);
  const buyerStatus = evidence.data?.confirmation.status;
  const amount = format.gold(invoice.amount);

  const decided = (message: string) => async () => {
    toast(message);
    await Promise.all([onDecided(), queryClient.invalidateQueries({ queryKey: invoiceDecisionsKey })]);
  };
  /** The audit row first (who, when, why), then the wallet's transaction; a refused review sends nothing. */
  const decide = async (action: "approval" | "rejection", reason: string | undefined) => {
    setReviewError(null);
    try {
      await apiPost(`/admin/invoices/${id}/${action}`, reason ? { reason } : {});
    } catch (error) {
      setReviewError(apiErrorMessage(error, t));
      return;
    }
    setStep("idle");
    if (action === "approval")
      await send(
        {
          address: contracts.farmNft,
          abi: farmNftAbi,
          functionName: "approveInvoice",
          args: [invoice.tokenId],
        },
        {
          label: t("admin.invoices.approving", { id }),
          onConfirmed: decided(t("admin.invoices.approved", { id, amount })),
        },
      );
    else
      await send(
        {
          address: contracts.farmNft,
          abi: farmNftAbi,
          functionName: "rejectInvoice",
          args: [invoice.tokenId, reason ?? ""],
        },
        {
          label: t("admin.invoices.rejecting", { id }),
          onConfirmed: decided(t("admin.invoices.rejected", { id })),
        },
      );
  };

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
          {t("invoices.field.dueDate")}: {format.date(metadata.dueDate)}
          {metadata.description ? ` · ${metadata.description}` : ""}
        </p>
      ) : (
        <p>{t("admin.invoices.noMetadata")}</p>
      )}
      {evidence.data ? <InvoiceEvidencePanel evidence={evidence.data} /> : null}
      {step === "confirmApprove" ? (
        <div className="admin-actions" data-testid={`confirm-approve-${id}`}>
          <span>
            {t("admin.invoices.confirmApproveQuestion", {
              id,
              amount,
              farmer: shortAddress(invoice.farmer),
            })}
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() => void decide("approval", undefined)}
            data-testid={`confirm-approve-invoice-${id}`}
          >
            {t("admin.invoices.confirmApprove")}
          </button>
          <button type="button" className="secondary" onClick={() => setStep("idle")}>
            {t("common.cancel")}
          </button>
        </div>
      ) : step === "approveWithReason" ? (
        <ReasonForm
          id={`approval-reason-${id}`}
          label={t("evidence.approve.reason")}
          submitLabel={t("evidence.approve.withReason")}
          busy={busy}
          onSubmit={(reason) => void decide("approval", reason)}
          onCancel={() => setStep("idle")}
          submitTestId={`approve-with-reason-${id}`}
          notice={
            <Notice tone={buyerStatus === "disputed" ? "error" : "info"}>
              {buyerStatus === "disputed"
                ? t("evidence.approve.disputed")
                : t("evidence.approve.unconfirmed")}
            </Notice>
          }
        />
      ) : step === "reject" ? (
        <ReasonForm
          id={`invoice-reason-${id}`}
          label={t("admin.invoices.reason")}
          submitLabel={t("admin.invoices.confirmReject")}
          busy={busy}
          danger
          onSubmit={(reason) => void decide("rejection", reason)}
          onCancel={() => setStep("idle")}
          submitTestId={`reject-invoice-submit-${id}`}
        />
      ) : (
        <div className="admin-actions">
          <button
            type="button"
            disabled={busy}
            onClick={() => setStep(buyerStatus === "confirmed" ? "confirmApprove" : "approveWithReason")}
            data-testid={`approve-invoice-${id}`}
          >
            {t("admin.invoices.approve")}
          </button>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={() => setStep("reject")}
            data-testid={`reject-invoice-${id}`}
          >
            {t("admin.invoices.reject")}
          </button>
        </div>
      )}
      {reviewError ? <Notice tone="error">{reviewError}</Notice> : null}
      <TxProgress state={state} />
    </li>
  );
}
