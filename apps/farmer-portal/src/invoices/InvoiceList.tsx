import { amountDue, type Invoice } from "@farm/core";
import { GoldAmount, useFormat, useT } from "@farm/ui";
import { BuyerConfirmationPanel } from "./BuyerConfirmationPanel";
import { fundingPercent } from "./funding-progress";
import { RepayInvoice } from "./RepayInvoice";

/** What the progress column says in each state (the state comes from the API, derived at the chain's clock). */
function StateProgress({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const format = useFormat();
  const date = (iso: string | null) => (iso ? format.date(iso) : "—");
  switch (invoice.state.name) {
    case "open":
      return (
        <label>
          <span className="farm-visually-hidden">{t("invoices.list.funding")}</span>
          <progress max={100} value={fundingPercent(invoice)} /> {format.number(fundingPercent(invoice))} %{" "}
          <small>{t("invoices.list.deadline", { date: date(invoice.fundingDeadline) })}</small>
        </label>
      );
    case "funded":
    case "overdue":
    case "defaulted":
      return (
        <>
          <p>
            {t("invoices.list.payout")}: <GoldAmount value={invoice.funded} /> ·{" "}
            {t("invoices.list.maturity", { date: date(invoice.maturity) })}
          </p>
          <RepayInvoice tokenId={invoice.tokenId} invoice={invoice} />
        </>
      );
    case "repaid":
      return (
        <span>
          {t("invoices.list.repaid")}: <GoldAmount value={invoice.repaid} />
        </span>
      );
    case "settled":
      return <SettledDefault invoice={invoice} />;
    default:
      return null;
  }
}

/**
 * A settled default: what was paid before it (never "repaid", which is paid in full) and the principal and fee left
 * unpaid (the late fee its default fixed is not in the index, so it is not counted here).
 */
function SettledDefault({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const repaid = BigInt(invoice.repaid);
  const left = amountDue(BigInt(invoice.amount), invoice.yieldBps, repaid);
  return (
    <>
      <p data-testid={`paid-before-settlement-${invoice.tokenId}`}>
        {t("invoices.list.paidBeforeSettlement")}: <GoldAmount value={repaid} digits={4} />
      </p>
      {left > 0n ? (
        <p data-testid={`left-unpaid-${invoice.tokenId}`} data-base-units={left.toString()}>
          {t("invoices.list.leftUnpaid")}: <GoldAmount value={left} digits={4} />
        </p>
      ) : null}
    </>
  );
}

/** The farmer's invoices, each told in its state's words with its one action (repay while anything is due). */
export function InvoiceList({ invoices }: { invoices: Invoice[] }) {
  const t = useT();
  const format = useFormat();
  if (invoices.length === 0) return <p>{t("invoices.list.empty")}</p>;
  const explainDate = (invoice: Invoice) => {
    const iso = invoice.state.name === "open" ? invoice.fundingDeadline : invoice.maturity;
    return iso ? format.date(iso) : "—";
  };
  return (
    <table className="farm-table invoice-list" data-testid="invoice-list">
      <thead>
        <tr>
          <th scope="col">{t("invoices.list.invoice")}</th>
          <th scope="col">{t("invoices.list.amount")}</th>
          <th scope="col">{t("invoices.list.yield")}</th>
          <th scope="col">{t("invoices.list.status")}</th>
          <th scope="col">{t("invoices.list.progress")}</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr
            key={invoice.tokenId}
            data-testid={`invoice-${invoice.tokenId}`}
            data-status={invoice.status}
            data-state={invoice.state.name}
          >
            <td data-label={t("invoices.list.invoice")}>
              <div>
                <strong>#{invoice.tokenId}</strong> {invoice.metadata?.invoiceNumber ?? ""}
                <br />
                <small>{invoice.metadata?.buyerName ?? ""}</small>
                {invoice.metadata && ["pending", "approved", "funded"].includes(invoice.status) ? (
                  <BuyerConfirmationPanel tokenId={invoice.tokenId} />
                ) : null}
              </div>
            </td>
            <td data-label={t("invoices.list.amount")}>
              <div>
                <GoldAmount value={invoice.amount} />
              </div>
            </td>
            <td data-label={t("invoices.list.yield")}>
              <div>
                {t("invoices.list.yieldTerm", {
                  percent: format.percentBps(invoice.yieldBps),
                  days: invoice.tenorDays,
                })}
                <br />
                <small>
                  {t("invoices.list.yieldAnnual", { percent: format.percentBps(invoice.annualYieldBps) })}
                </small>
              </div>
            </td>
            <td data-label={t("invoices.list.status")}>
              <div>
                <span
                  className={`status-pill status-pill--${invoice.state.name}`}
                  data-testid={`invoice-state-${invoice.tokenId}`}
                >
                  {t(`invoiceState.${invoice.state.name}`)}
                </span>
                {invoice.rejectionReason ? <small> {invoice.rejectionReason}</small> : null}
                {invoice.withdrawalReason ? <small> {invoice.withdrawalReason}</small> : null}
                <br />
                <small>
                  {t(`invoiceState.${invoice.state.name}.explain`, { date: explainDate(invoice) })}
                </small>
              </div>
            </td>
            <td data-label={t("invoices.list.progress")}>
              <div>
                <StateProgress invoice={invoice} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
