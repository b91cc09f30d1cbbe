import { GoldAmount, useFormat, useT } from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useBlock } from "wagmi";
import { useInvoices } from "../invoices/use-invoices";
import { AskedDecision } from "./AskedDecision";
import { defaultedInvoicesKey } from "./DefaultedInvoices";
import { type AdminInvoiceRowProps, isOwnInvoice, OwnInvoiceNotice } from "./OwnInvoice";
import { isOverdue } from "./overdue";
import { useInvoiceDecision } from "./use-invoice-decision";
import "../i18n/admin-decisions";

/**
 * One overdue invoice: "Mark defaulted" asks first, naming the invoice and its amounts, with a required reason; the
 * admin's wallet sends markDefaulted and the mined decision is recorded with that reason. Not offered on the
 * signed-in `admin`'s own invoice (OwnInvoiceDecision).
 */
export function OverdueInvoiceRow({ invoice, onDone, admin }: AdminInvoiceRowProps) {
  const t = useT();
  const format = useFormat();
  const id = invoice.tokenId;
  const decision = useInvoiceDecision(id, onDone);
  const facts = {
    id,
    number: invoice.metadata?.invoiceNumber ?? "",
    amount: format.gold(BigInt(invoice.amount)),
    repaid: format.gold(BigInt(invoice.repaid)),
  };
  return (
    <li className="farm-card" data-testid={`overdue-${id}`}>
      <p>
        #{id} {facts.number} · <GoldAmount value={invoice.amount} /> ·{" "}
        {t("admin.overdue.maturity", { date: invoice.maturity ? format.date(invoice.maturity) : "—" })} ·{" "}
        {t("invoices.list.repaid")}: <GoldAmount value={invoice.repaid} />
      </p>
      <AskedDecision
        id={id}
        decision={decision}
        action="default"
        danger
        name={{ reason: "default", button: "mark-defaulted", confirm: "default" }}
        blocked={isOwnInvoice(invoice.farmer, admin) ? <OwnInvoiceNotice id={id} /> : null}
        texts={{
          button: t("admin.overdue.mark"),
          confirm: t("admin.overdue.confirmMark"),
          question: t("admin.overdue.confirmQuestion", facts),
          working: t("admin.overdue.marking", { id }),
          done: t("admin.overdue.marked", { id }),
        }}
      />
    </li>
  );
}

/**
 * Funded invoices past maturity and the contract's grace period: the admin may mark them defaulted. "Now" is the
 * latest block's time, which `markDefaulted` checks, not this computer's clock (an L2's clock or a test chain's
 * moved clock runs apart from it): the list offers exactly the invoices the contract would accept.
 */
export function OverdueInvoices({ admin }: { admin?: string | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const funded = useInvoices({ status: "funded" }, { refetchInterval: 15_000 });
  const head = useBlock({ watch: true });
  if (!funded.data || !head.data) return null;
  const chainNowMs = Number(head.data.timestamp) * 1000;
  const overdue = funded.data.items.filter((invoice) => isOverdue(invoice, chainNowMs));
  return (
    <section aria-labelledby="overdue-title">
      <h2 id="overdue-title">{t("admin.overdue.title")}</h2>
      <p>{t("admin.overdue.explain")}</p>
      {overdue.length === 0 ? <p>{t("admin.overdue.empty")}</p> : null}
      <ul className="pending-list">
        {overdue.map((invoice) => (
          <OverdueInvoiceRow
            key={invoice.tokenId}
            invoice={invoice}
            admin={admin}
            onDone={() =>
              Promise.all([
                funded.refetch(),
                queryClient.invalidateQueries({ queryKey: defaultedInvoicesKey }),
              ])
            }
          />
        ))}
      </ul>
    </section>
  );
}
