import type { Invoice } from "@farm/core";
import { GoldAmount, useFormat, useT } from "@farm/ui";

/** The terms as the contract holds them: principal (with Rupiah), term yield, daily rate, annual equivalent, dates. */
export function FactTerms({ invoice }: { invoice: Invoice }) {
  const t = useT();
  const format = useFormat();
  // Display only: the daily rate in percent, yieldBps / tenorDays / 100, to three decimals.
  const dailyPercent = format.number(invoice.yieldBps / invoice.tenorDays / 100, 3);
  const rows: [string, React.ReactNode][] = [
    ["facts.principal", <GoldAmount key="principal" value={invoice.amount} />],
    ["facts.termYield", `${format.percentBps(invoice.yieldBps)} %`],
    ["facts.dailyRate", `${dailyPercent} %`],
    ["facts.annual", `${format.percentBps(invoice.annualYieldBps)} %`],
    ["facts.tenor", t("shop.days", { days: invoice.tenorDays })],
    [
      "facts.maturity",
      invoice.maturity
        ? format.date(invoice.maturity)
        : t("facts.maturityAfterFunding", { days: invoice.tenorDays }),
    ],
    [
      "facts.grace",
      invoice.graceDays === null
        ? t("facts.graceFixedAtFunding")
        : t("shop.days", { days: invoice.graceDays }),
    ],
    ["facts.deadline", format.dateTime(invoice.fundingDeadline)],
  ];
  return (
    <section className="card stack" aria-labelledby="facts-terms" data-testid="facts-terms">
      <h2 id="facts-terms">{t("facts.terms")}</h2>
      <dl className="seed__facts">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
