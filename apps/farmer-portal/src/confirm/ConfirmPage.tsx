import {
  type BuyerDecision,
  type ConfirmationView,
  confirmationTypedData,
  type RecordedBuyerDecision,
} from "@farm/core";
import {
  ApiError,
  ApiErrorText,
  apiPost,
  formatDate,
  formatDateTime,
  GoldAmount,
  Notice,
  useI18n,
} from "@farm/ui";
import { describeTxError, WalletPanel } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { useConfig, useConnection } from "wagmi";
import { signTypedData } from "wagmi/actions";
import { DocumentViewer } from "../admin/DocumentViewer";
import { buyerDevAccountIndex } from "../chain/dev-account";
import { RepayInvoice } from "../invoices/RepayInvoice";
import { ReasonForm } from "../layout/ReasonForm";
import { confirmationQueryKey, useConfirmation } from "./use-confirmation";
import "../i18n/evidence";

/** The buyer answers: confirm, or dispute with a note; signed with the connected wallet when the buyer chooses. */
function DecisionForm({ token, view }: { token: string; view: ConfirmationView }) {
  const { t } = useI18n();
  const wagmiConfig = useConfig();
  const { address } = useConnection();
  const queryClient = useQueryClient();
  const [disputing, setDisputing] = useState(false);
  const [sign, setSign] = useState(true);
  const [busy, setBusy] = useState(false);
  // An API error stays an object so a 429 counts down; a wallet error is already words.
  const [error, setError] = useState<{ api: unknown } | { text: string } | null>(null);
  const signing = sign && Boolean(address) && view.signing !== null;

  const answer = async (decision: BuyerDecision, note?: string) => {
    setBusy(true);
    setError(null);
    try {
      let signature: { signer: string; signature: string } | undefined;
      const typedData = confirmationTypedData(view, decision);
      if (signing && address && typedData) {
        signature = {
          signer: address,
          signature: await signTypedData(wagmiConfig, { account: address, ...typedData }),
        };
      }
      await apiPost<RecordedBuyerDecision>(`/confirmations/${token}`, {
        decision,
        ...(decision === "disputed" && note ? { note } : {}),
        ...(signature ? { signature } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: confirmationQueryKey(token) });
    } catch (failure) {
      setError(failure instanceof ApiError ? { api: failure } : { text: describeTxError(failure, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="farm-card" aria-labelledby="confirm-answer-title">
      <h2 id="confirm-answer-title">{t("confirm.answer.title")}</h2>
      <p>{t("confirm.answer.intro")}</p>
      <div className="confirm-wallet">
        <p>{t("confirm.wallet.explain")}</p>
        <WalletPanel defaultDevAccountIndex={buyerDevAccountIndex} />
        {address && view.signing ? (
          <label className="confirm-wallet__sign">
            <input type="checkbox" checked={sign} onChange={(event) => setSign(event.target.checked)} />{" "}
            {t("confirm.wallet.sign")}
          </label>
        ) : null}
      </div>
      {disputing ? (
        <ReasonForm
          id="dispute-note"
          label={t("confirm.dispute.note")}
          submitLabel={signing ? t("confirm.dispute.sendSigned") : t("confirm.dispute.send")}
          busy={busy}
          danger
          max={1000}
          onSubmit={(reason) => void answer("disputed", reason)}
          onCancel={() => setDisputing(false)}
          submitTestId="send-dispute"
        />
      ) : (
        <div className="admin-actions">
          <button
            type="button"
            disabled={busy}
            onClick={() => void answer("confirmed")}
            data-testid="confirm-invoice"
          >
            {signing ? t("confirm.confirmSigned") : t("confirm.confirm")}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => setDisputing(true)}>
            {t("confirm.dispute.open")}
          </button>
        </div>
      )}
      {busy ? <p role="status">{t("confirm.sending")}</p> : null}
      {error ? (
        <Notice tone="error">{"text" in error ? error.text : <ApiErrorText error={error.api} />}</Notice>
      ) : null}
    </section>
  );
}

function RecordedAnswer({ token, view }: { token: string; view: ConfirmationView }) {
  const { t, language } = useI18n();
  const queryClient = useQueryClient();
  const decision = view.decision;
  if (!decision) return null;
  const when = formatDateTime(new Date(decision.decidedAt), language);
  return (
    <section className="farm-card" aria-labelledby="confirm-recorded-title" data-testid="confirm-recorded">
      <h2 id="confirm-recorded-title">{t(`confirm.recorded.${decision.decision}`)}</h2>
      <p
        data-testid="confirm-recorded-detail"
        data-decision={decision.decision}
        data-method={decision.method}
      >
        {t("confirm.recorded.detail", { date: when, method: t(`evidence.method.${decision.method}`) })}
        {decision.signer ? ` ${t("confirm.recorded.signer", { address: decision.signer })}` : ""}
      </p>
      {decision.decision === "confirmed" ? (
        view.status === "funded" ? (
          <div data-testid="confirm-repay">
            <h3>{t("confirm.repay.title")}</h3>
            <p>{t("confirm.repay.explain")}</p>
            <WalletPanel defaultDevAccountIndex={buyerDevAccountIndex} />
            <RepayInvoice
              tokenId={view.tokenId}
              onRepaid={() => queryClient.invalidateQueries({ queryKey: confirmationQueryKey(token) })}
            />
          </div>
        ) : view.status === "repaid" ? (
          <Notice tone="success">{t("confirm.repay.done")}</Notice>
        ) : view.status === "settled" ? (
          // A settled default is closed, not paid: what was left unpaid stays unpaid.
          <Notice tone="info">{t("confirm.repay.settled")}</Notice>
        ) : (
          <p>{t("confirm.repay.notYet")}</p>
        )
      ) : null}
    </section>
  );
}

/** `/confirm/:token`: the invoice's buyer checks it against the document and confirms or disputes it, then repays. */
export default function ConfirmPage() {
  const { t, language } = useI18n();
  const { token = "" } = useParams();
  const confirmation = useConfirmation(token);
  if (confirmation.isLoading) return <p role="status">{t("common.loading")}</p>;
  if (confirmation.error || !confirmation.data) {
    const code = confirmation.error instanceof ApiError ? confirmation.error.code : "";
    return (
      <>
        <h1>{t("confirm.title")}</h1>
        <Notice tone="error">
          {code === "LINK_REPLACED" ? (
            t("confirm.replaced")
          ) : confirmation.error instanceof ApiError && confirmation.error.status === 429 ? (
            <ApiErrorText error={confirmation.error} />
          ) : code ? (
            t("confirm.notFound")
          ) : (
            t("confirm.failed")
          )}
        </Notice>
      </>
    );
  }
  const view = confirmation.data;
  return (
    <>
      <h1>{t("confirm.title")}</h1>
      <section
        className="farm-card"
        aria-labelledby="confirm-invoice-title"
        data-testid="confirm-invoice-facts"
      >
        <h2 id="confirm-invoice-title">
          {t("confirm.invoiceHeading", { number: view.invoiceNumber, buyer: view.buyerName })}
        </h2>
        <p>{t("confirm.from", { farm: view.farmBusinessName ?? "—" })}</p>
        <dl className="confirm-facts">
          <div>
            <dt>{t("invoices.field.amount")}</dt>
            <dd>
              <GoldAmount value={BigInt(view.amount)} />
            </dd>
          </div>
          <div>
            <dt>{t("invoices.field.dueDate")}</dt>
            <dd>{formatDate(new Date(view.dueDate), language)}</dd>
          </div>
          {view.description ? (
            <div>
              <dt>{t("confirm.description")}</dt>
              <dd>{view.description}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("confirm.documentHash")}</dt>
            <dd className="confirm-facts__hash">{view.documentHash}</dd>
          </div>
        </dl>
        {view.document ? (
          <DocumentViewer
            path={`/confirmations/${token}/document`}
            title={t("evidence.document.invoice")}
            testId="confirm-document"
          />
        ) : null}
      </section>
      {view.expired ? <Notice tone="error">{t("confirm.expired")}</Notice> : null}
      {!view.decision && !view.expired ? <DecisionForm token={token} view={view} /> : null}
      <RecordedAnswer token={token} view={view} />
    </>
  );
}
