import { type DefaultedInvoice, recoveredFee, recoveredPrincipal, settlementRelease } from "@farm/core";
import { ApiErrorText, apiGet, GoldAmount, Notice, useFormat, useT } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ReasonForm } from "../layout/ReasonForm";
import { DecisionOutcome } from "./DecisionOutcome";
import { useInvoiceDecision } from "./use-invoice-decision";
import "../i18n/admin-decisions";

export const defaultedInvoicesKey = ["admin", "defaulted-invoices"] as const;

/**
 * One defaulted invoice: what was repaid at the default and since, and "Settle default", which asks first (naming
 * the invoice and what the holders will share) with a required reason, then sends settleDefault with the admin's
 * wallet; once mined it is recorded with the reason and every holder can claim its share in the investor app.
 */
export function DefaultedInvoiceRow({
  invoice,
  onDone,
}: {
  invoice: DefaultedInvoice;
  onDone: () => Promise<unknown>;
}) {
  const t = useT();
  const format = useFormat();
  const [asking, setAsking] = useState(false);
  const id = invoice.tokenId;
  const decision = useInvoiceDecision(id, onDone);
  const amount = BigInt(invoice.amount);
  const repaid = BigInt(invoice.repaid);
  const principal = recoveredPrincipal(amount, repaid);
  const fee = recoveredFee(amount, repaid);
  const facts = {
    id,
    number: invoice.invoiceNumber ?? "",
    amount: format.gold(amount),
    principal: format.gold(principal),
    fee: format.gold(fee),
    total: format.gold(principal + fee),
    released: format.gold(settlementRelease(amount, invoice.yieldBps, repaid)),
  };
  const settled = decision.state.status === "confirmed";
  return (
    <li className="farm-card" data-testid={`defaulted-${id}`}>
      <p>
        #{id} {facts.number} · <GoldAmount value={amount} />
      </p>
      <dl className="defaulted-figures">
        <div>
          <dt>{t("admin.defaulted.repaidAtDefault")}</dt>
          <dd>
            <GoldAmount value={BigInt(invoice.repaidAtDefault)} />
          </dd>
        </div>
        <div>
          <dt>{t("admin.defaulted.repaidSince")}</dt>
          <dd data-testid={`repaid-since-${id}`}>
            <GoldAmount value={BigInt(invoice.repaidSinceDefault)} />
          </dd>
        </div>
        <div>
          <dt>{t("admin.defaulted.holdersShare")}</dt>
          <dd>
            <GoldAmount value={principal + fee} />
          </dd>
        </div>
      </dl>
      {settled ? null : asking ? (
        <ReasonForm
          id={`settle-reason-${id}`}
          label={t("admin.decision.reason")}
          submitLabel={t("admin.defaulted.confirmSettle")}
          busy={decision.busy}
          notice={<Notice tone="info">{t("admin.defaulted.confirmQuestion", facts)}</Notice>}
          onSubmit={(reason) => {
            setAsking(false);
            void decision.decide({
              action: "settle",
              reason,
              label: t("admin.defaulted.settling", { id }),
              done: t("admin.defaulted.settled", facts),
            });
          }}
          onCancel={() => setAsking(false)}
          submitTestId={`confirm-settle-${id}`}
        />
      ) : (
        <button
          type="button"
          disabled={decision.busy}
          onClick={() => setAsking(true)}
          data-testid={`settle-default-${id}`}
        >
          {t("admin.defaulted.settle")}
        </button>
      )}
      <DecisionOutcome id={id} decision={decision} />
    </li>
  );
}

/** Defaulted invoices awaiting settlement, from the index (`GET /api/admin/invoices/defaulted`). */
export function DefaultedInvoices() {
  const t = useT();
  const defaulted = useQuery({
    queryKey: defaultedInvoicesKey,
    queryFn: ({ signal }) => apiGet<{ items: DefaultedInvoice[] }>("/admin/invoices/defaulted", signal),
    refetchInterval: 15_000,
  });
  return (
    <section aria-labelledby="defaulted-title" data-testid="defaulted-invoices">
      <h2 id="defaulted-title">{t("admin.defaulted.title")}</h2>
      <p>{t("admin.defaulted.explain")}</p>
      {defaulted.error ? (
        <Notice tone="error">
          <ApiErrorText error={defaulted.error} />
        </Notice>
      ) : null}
      {defaulted.data?.items.length === 0 ? <p>{t("admin.defaulted.empty")}</p> : null}
      <ul className="pending-list">
        {defaulted.data?.items.map((invoice) => (
          <DefaultedInvoiceRow key={invoice.tokenId} invoice={invoice} onDone={() => defaulted.refetch()} />
        ))}
      </ul>
    </section>
  );
}
