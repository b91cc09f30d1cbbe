import type { Invoice } from "@farm/core";
import { GoldAmount, Notice, shortAddress, useFormat, useT } from "@farm/ui";
import { useState } from "react";
import { useInvoiceEvidence } from "../invoices/use-invoice-evidence";
import { ReasonForm } from "../layout/ReasonForm";
import type { ApprovalBlocker } from "./approval-blocker";
import { DecisionOutcome } from "./DecisionOutcome";
import { InvoiceEvidencePanel } from "./InvoiceEvidencePanel";
import { isOwnInvoice, OwnInvoiceNotice } from "./OwnInvoice";
import { useInvoiceDecision } from "./use-invoice-decision";
import "../i18n/evidence";

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
 * wallet. Approval is offered only while the contract would accept it (`blocker` says why not); neither is offered
 * on the signed-in admin's own invoice (`admin` is its farmer: OwnInvoiceDecision). Every decision asks first
 * (approving names the invoice, amount and farmer; rejecting and approving without a buyer confirmation ask for a
 * reason), is sent with the admin's wallet, and recorded in the audit table once mined.
 */
export function PendingInvoiceRow({
  invoice,
  metadata,
  blocker,
  onDecided,
  admin,
}: {
  invoice: PendingOnChain;
  metadata: Invoice["metadata"] | undefined;
  /** Why approveInvoice would revert now; null while it would succeed, undefined while the chain is being read. */
  blocker: ApprovalBlocker | null | undefined;
  onDecided: () => Promise<unknown>;
  /** The signed-in admin's wallet. */
  admin?: string | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const [step, setStep] = useState<Step>("idle");
  const id = invoice.tokenId.toString();
  const evidence = useInvoiceEvidence(id);
  const buyerStatus = evidence.data?.confirmation.status;
  const amount = format.gold(invoice.amount);
  const decision = useInvoiceDecision(id, onDecided);
  const { busy } = decision;

  const decide = (action: "approve" | "reject", reason: string | undefined) => {
    setStep("idle");
    void decision.decide(
      action === "approve"
        ? {
            action,
            reason,
            label: t("admin.invoices.approving", { id }),
            done: t("admin.invoices.approved", { id, amount }),
          }
        : {
            action,
            reason,
            label: t("admin.invoices.rejecting", { id }),
            done: t("admin.invoices.rejected", { id }),
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
            onClick={() => decide("approve", undefined)}
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
          onSubmit={(reason) => decide("approve", reason)}
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
          onSubmit={(reason) => decide("reject", reason)}
          onCancel={() => setStep("idle")}
          submitTestId={`reject-invoice-submit-${id}`}
        />
      ) : isOwnInvoice(invoice.farmer, admin) ? (
        <OwnInvoiceNotice id={id} />
      ) : (
        <div className="admin-actions">
          {blocker ? (
            <Notice tone="info">
              <span data-testid={`approval-blocked-${id}`} data-blocker={blocker}>
                {t(`admin.approval.blocked.${blocker}`)}
              </span>
            </Notice>
          ) : (
            <button
              type="button"
              disabled={busy || blocker === undefined}
              onClick={() => setStep(buyerStatus === "confirmed" ? "confirmApprove" : "approveWithReason")}
              data-testid={`approve-invoice-${id}`}
            >
              {t("admin.invoices.approve")}
            </button>
          )}
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
      <DecisionOutcome id={id} decision={decision} />
    </li>
  );
}
