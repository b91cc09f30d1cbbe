import { farmNftAbi } from "@farm/contracts/abi";
import type { Invoice } from "@farm/core";
import { FormField, GoldAmount, shortAddress, useT } from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useState } from "react";

export type PendingOnChain = {
  tokenId: bigint;
  farmer: string;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  fundingDeadline: bigint;
};

/** One invoice awaiting approval: on-chain terms, the backend's metadata, approve or reject with the wallet. */
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
  const [reason, setReason] = useState("");
  const [showReasonError, setShowReasonError] = useState(false);
  const id = invoice.tokenId.toString();
  const reasonValid = reason.trim().length >= 3;

  const approve = () =>
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
      {rejecting ? (
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
            onClick={() => void approve()}
            data-testid={`approve-invoice-${id}`}
          >
            {t("admin.invoices.approve")}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => setRejecting(true)}>
            {t("admin.invoices.reject")}
          </button>
        </div>
      )}
      <TxProgress state={state} />
    </li>
  );
}
