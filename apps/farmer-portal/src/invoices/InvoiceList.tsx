import type { Invoice } from "@farm/core";
import { GoldAmount, useT } from "@farm/ui";
import { BuyerConfirmationPanel } from "./BuyerConfirmationPanel";
import { fundingPercent } from "./funding-progress";
import { RepayInvoice } from "./RepayInvoice";

function dateText(iso: string | null, language: string): string {
  return iso ? new Date(iso).toLocaleDateString(language === "id" ? "id-ID" : "en-GB") : "—";
}

/** The farmer's invoices and where each stands; funded ones can be repaid from here. */
export function InvoiceList({ invoices, language }: { invoices: Invoice[]; language: string }) {
  const t = useT();
  if (invoices.length === 0) return <p>{t("invoices.list.empty")}</p>;
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
          <tr key={invoice.tokenId} data-testid={`invoice-${invoice.tokenId}`} data-status={invoice.status}>
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
                {t("invoices.list.yieldTerm", { percent: invoice.yieldBps / 100, days: invoice.tenorDays })}
                <br />
                <small>{t("invoices.list.yieldAnnual", { percent: invoice.annualYieldBps / 100 })}</small>
              </div>
            </td>
            <td data-label={t("invoices.list.status")}>
              <div>
                <span className={`status-pill status-pill--${invoice.status}`}>
                  {t(`invoiceStatus.${invoice.status}`)}
                </span>
                {invoice.rejectionReason ? <small> {invoice.rejectionReason}</small> : null}
              </div>
            </td>
            <td data-label={t("invoices.list.progress")}>
              <div>
                {invoice.status === "approved" ? (
                  <label>
                    <span className="farm-visually-hidden">{t("invoices.list.funding")}</span>
                    <progress max={100} value={fundingPercent(invoice)} /> {fundingPercent(invoice)} %{" "}
                    <small>
                      {t("invoices.list.deadline", { date: dateText(invoice.fundingDeadline, language) })}
                    </small>
                  </label>
                ) : null}
                {invoice.status === "funded" ? (
                  <>
                    <p>
                      {t("invoices.list.payout")}: <GoldAmount value={invoice.funded} /> ·{" "}
                      {t("invoices.list.maturity", { date: dateText(invoice.maturity, language) })}
                    </p>
                    <RepayInvoice tokenId={invoice.tokenId} />
                  </>
                ) : null}
                {invoice.status === "repaid" || invoice.status === "settled" ? (
                  <span>
                    {t("invoices.list.repaid")}: <GoldAmount value={invoice.repaid} />
                  </span>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
