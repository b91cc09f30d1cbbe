import type { InvoiceStateDto } from "@farm/core";
import { GoldAmount, useFormat, useT } from "@farm/ui";
import { type ChainInvoiceTerms, dueBreakdown } from "./repay-figures";

/**
 * What is owed on an invoice, read from the chain: the amount due now and the wallet's GOLD; once a late fee is owed
 * (or the invoice is overdue) what the amount due is made of: principal and fee unpaid, the late fee so far (or as its
 * default fixed it), what each further day adds, and from when a default may be declared; what was repaid so far.
 */
export function RepayDue({
  tokenId: id,
  due,
  balance,
  terms,
  state,
}: {
  tokenId: string;
  due: bigint;
  balance: bigint | undefined;
  terms: ChainInvoiceTerms | undefined;
  state: InvoiceStateDto | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const overdue = state?.name === "overdue";
  const parts = terms ? dueBreakdown(terms, due) : null;
  const repaidSoFar = terms?.repaid ?? 0n;
  // What is owed in all is what was repaid plus what the chain says is still due: after maturity that includes the
  // late fee accrued so far, which principal + fee alone would leave out.
  const owed = repaidSoFar + due;
  const figure = (testId: string, value: bigint) => (
    <dd data-testid={`${testId}-${id}`} data-base-units={value.toString()}>
      <GoldAmount value={value} digits={4} />
    </dd>
  );
  return (
    <>
      <p>
        {t("invoices.repay.due")}:{" "}
        <strong data-testid={`due-${id}`} data-base-units={due.toString()}>
          <GoldAmount value={due} digits={4} />
        </strong>
        {balance !== undefined ? (
          <>
            {" · "}
            {t("invoices.repay.balance")}: <GoldAmount value={balance} digits={4} />
          </>
        ) : null}
      </p>
      {parts && due > 0n && (overdue || parts.lateFee > 0n) ? (
        <dl className="repay__figures" data-testid={`due-breakdown-${id}`}>
          <div>
            <dt>{t("invoices.repay.principalAndFee")}</dt>
            {figure("due-principal-fee", parts.principalAndFee)}
          </div>
          <div>
            <dt>{overdue ? t("invoices.repay.lateFee") : t("invoices.repay.lateFeeFixed")}</dt>
            {figure("due-late-fee", parts.lateFee)}
          </div>
          {overdue ? (
            <div>
              <dt>{t("invoices.repay.lateFeePerDay")}</dt>
              {figure("late-fee-per-day", parts.lateFeePerDay)}
            </div>
          ) : null}
        </dl>
      ) : null}
      {overdue ? <p className="repay__note">{t("invoices.repay.lateFeeRule")}</p> : null}
      {overdue && state?.defaultableFrom ? (
        <p data-testid={`defaultable-from-${id}`}>
          {t("invoices.repay.defaultableFrom", { date: format.dateTime(state.defaultableFrom) })}
        </p>
      ) : null}
      {repaidSoFar > 0n ? (
        <p data-testid={`repaid-so-far-${id}`}>
          {t("invoices.repay.soFar")}: <GoldAmount value={repaidSoFar} digits={4} /> /{" "}
          <GoldAmount value={owed} digits={4} />
        </p>
      ) : null}
    </>
  );
}
