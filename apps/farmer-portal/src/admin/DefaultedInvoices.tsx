import { type DefaultedInvoice, recoveredFee, recoveredPrincipal, settlementRelease } from "@farm/core";
import { ApiErrorText, apiGet, GoldAmount, Notice, useFormat, useT } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";
import { useBlock } from "wagmi";
import { AskedDecision } from "./AskedDecision";
import { isOwnInvoice, OwnInvoiceNotice } from "./OwnInvoice";
import { useInvoiceDecision } from "./use-invoice-decision";
import "../i18n/admin-decisions";

export const defaultedInvoicesKey = ["admin", "defaulted-invoices"] as const;

/**
 * One defaulted invoice: what was repaid at the default and since, from when it may be settled (the recovery window's
 * end, at the chain's clock), and then "Settle default", which asks first (naming the invoice and what the holders will
 * share) with a required reason, then sends settleDefault with the admin's wallet; once mined it is recorded with the
 * reason and every holder can claim its share in the investor app. Never offered on the signed-in `admin`'s own
 * invoice (OwnInvoiceDecision).
 */
export function DefaultedInvoiceRow({
  invoice,
  onDone,
  chainNowMs,
  admin,
}: {
  invoice: DefaultedInvoice;
  onDone: () => Promise<unknown>;
  /** The latest block's time: settleDefault is refused (RecoveryWindowOpen) before the window's end. */
  chainNowMs: number;
  admin?: string | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const settleable = invoice.settleableAt === null || chainNowMs >= Date.parse(invoice.settleableAt);
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
      <AskedDecision
        id={id}
        decision={decision}
        action="settle"
        name={{ reason: "settle", button: "settle-default", confirm: "settle" }}
        blocked={
          isOwnInvoice(invoice.farmer, admin) ? (
            <OwnInvoiceNotice id={id} />
          ) : settleable ? null : (
            <p data-testid={`settleable-${id}`}>
              {t("admin.defaulted.settleableFrom", { date: format.dateTime(invoice.settleableAt ?? "") })}
            </p>
          )
        }
        texts={{
          button: t("admin.defaulted.settle"),
          confirm: t("admin.defaulted.confirmSettle"),
          question: t("admin.defaulted.confirmQuestion", facts),
          working: t("admin.defaulted.settling", { id }),
          done: t("admin.defaulted.settled", facts),
        }}
      />
    </li>
  );
}

/** Defaulted invoices awaiting settlement, from the index (`GET /api/admin/invoices/defaulted`). */
export function DefaultedInvoices({ admin }: { admin?: string | undefined }) {
  const t = useT();
  const defaulted = useQuery({
    queryKey: defaultedInvoicesKey,
    queryFn: ({ signal }) => apiGet<{ items: DefaultedInvoice[] }>("/admin/invoices/defaulted", signal),
    refetchInterval: 15_000,
  });
  const head = useBlock({ watch: true });
  const chainNowMs = head.data ? Number(head.data.timestamp) * 1000 : 0;
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
          <DefaultedInvoiceRow
            key={invoice.tokenId}
            invoice={invoice}
            chainNowMs={chainNowMs}
            admin={admin}
            onDone={() => defaulted.refetch()}
          />
        ))}
      </ul>
    </section>
  );
}
