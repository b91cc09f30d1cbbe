import { GoldAmount, useFormat, useT } from "@farm/ui";
import { useInvoices } from "../invoices/use-invoices";
import "../i18n/admin-decisions";
import { AskedDecision } from "./AskedDecision";
import { type AdminInvoiceRowProps, isOwnInvoice, OwnInvoiceNotice } from "./OwnInvoice";
import { useInvoiceDecision } from "./use-invoice-decision";

/**
 * One approved invoice not yet fully funded: "Withdraw…" asks first, naming the invoice and what is funded, with a
 * required reason (published on chain); the admin's wallet sends withdrawInvoice, the invoice is cancelled, its
 * reserved yield returns to the vault and its investors refund; the mined decision is recorded with the reason. Not
 * offered on the signed-in `admin`'s own invoice (OwnInvoiceDecision).
 */
export function OpenInvoiceRow({ invoice, onDone, admin }: AdminInvoiceRowProps) {
  const t = useT();
  const format = useFormat();
  const { tokenId: id, metadata } = invoice;
  const gold = (value: string) => format.gold(BigInt(value));
  const facts = {
    id,
    number: metadata?.invoiceNumber ?? "",
    amount: gold(invoice.amount),
    funded: gold(invoice.funded),
  };
  const decision = useInvoiceDecision(id, onDone);
  return (
    <li className="farm-card" data-testid={`open-${id}`}>
      <p>
        #{id} {facts.number} · <GoldAmount value={invoice.amount} /> · {t("admin.open.funded", facts)}
      </p>
      <AskedDecision
        id={id}
        decision={decision}
        action="withdraw"
        danger
        name={{ reason: "withdraw", button: "withdraw", confirm: "withdraw" }}
        blocked={isOwnInvoice(invoice.farmer, admin) ? <OwnInvoiceNotice id={id} /> : null}
        texts={{
          button: t("admin.open.withdraw"),
          confirm: t("admin.open.confirmWithdraw"),
          question: t("admin.open.confirmQuestion", facts),
          working: t("admin.open.withdrawing", { id }),
          done: t("admin.open.withdrawn", { id }),
        }}
      />
    </li>
  );
}

/** Approved invoices not yet fully funded (chain status approved, past their deadline or not): each can be withdrawn. */
export function OpenInvoices({ admin }: { admin?: string | undefined }) {
  const t = useT();
  const open = useInvoices({ status: "approved" }, { refetchInterval: 15_000 });
  if (!open.data) return null;
  return (
    <section aria-labelledby="open-invoices-title" data-testid="open-invoices">
      <h2 id="open-invoices-title">{t("admin.open.title")}</h2>
      <p>{t("admin.open.explain")}</p>
      {open.data.items.length === 0 ? <p>{t("admin.open.empty")}</p> : null}
      <ul className="pending-list">
        {open.data.items.map((invoice) => (
          <OpenInvoiceRow
            key={invoice.tokenId}
            invoice={invoice}
            admin={admin}
            onDone={() => open.refetch()}
          />
        ))}
      </ul>
    </section>
  );
}
