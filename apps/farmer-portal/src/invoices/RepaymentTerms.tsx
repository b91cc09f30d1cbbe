import {
  financingFee,
  MAX_TENOR_DAYS,
  type repaymentWindow,
  type SubmitInvoiceRequest,
  totalDue,
} from "@farm/core";
import { GoldAmount, Notice, useFormat, useT } from "@farm/ui";

type Repayment = ReturnType<typeof repaymentWindow>;

/** A calendar day (YYYY-MM-DD) in the page's date format, read at local midnight so no time zone moves it a day. */
function useDay() {
  const format = useFormat();
  return (isoDay: string) => format.date(`${isoDay}T00:00`);
}

/**
 * Said before sending, not a refusal: with the term typed, investors filling the invoice at once would make repayment
 * fall due before the buyer's due date, so the farmer may have to repay before being paid.
 */
export function RepayBeforeBuyerWarning({ repayment, dueDate }: { repayment: Repayment; dueDate: string }) {
  const t = useT();
  const day = useDay();
  return (
    <Notice tone="info" testId="repay-before-buyer">
      {t("invoices.warning.repayBeforeBuyer", { earliest: day(repayment.earliest), due: day(dueDate) })}
      {repayment.coveringTenorDays <= MAX_TENOR_DAYS
        ? ` ${t("invoices.warning.coveringTenor", { days: repayment.coveringTenorDays })}`
        : null}
    </Notice>
  );
}

/** In the check before an invoice is sent: the fee in GOLD, the total to repay and when it falls due. */
export function RepaymentCheck({
  request,
  repayment,
}: {
  request: SubmitInvoiceRequest;
  repayment: Repayment;
}) {
  const t = useT();
  const day = useDay();
  const amount = BigInt(request.amount);
  const fee = financingFee(amount, request.yieldBps);
  const total = totalDue(amount, request.yieldBps);
  return (
    <>
      <dl className="gold-check" data-testid="repayment-check">
        <div>
          <dt>{t("invoices.check.fee")}</dt>
          <dd data-testid="check-fee" data-base-units={fee.toString()}>
            <GoldAmount value={fee} digits={18} />
          </dd>
        </div>
        <div>
          <dt>{t("invoices.check.total")}</dt>
          <dd data-testid="check-total" data-base-units={total.toString()}>
            <GoldAmount value={total} digits={18} />
          </dd>
        </div>
        <div>
          <dt>{t("invoices.check.repayBy")}</dt>
          <dd data-testid="check-repay-by">
            {t("invoices.check.repayWindow", {
              tenor: request.tenorDays,
              earliest: day(repayment.earliest),
              latest: day(repayment.latest),
            })}
          </dd>
        </div>
      </dl>
      {repayment.beforeBuyerPays ? (
        <RepayBeforeBuyerWarning repayment={repayment} dueDate={request.dueDate} />
      ) : null}
    </>
  );
}
