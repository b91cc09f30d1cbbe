import { farmNftAbi } from "@farm/contracts/abi";
import type { Invoice } from "@farm/core";
import { GoldAmount, useFormat, useT } from "@farm/ui";
import { TxProgress, useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useBlock } from "wagmi";
import { useInvoices } from "../invoices/use-invoices";
import { isOverdue } from "./overdue";

function MarkDefaulted({ invoice, onDone }: { invoice: Invoice; onDone: () => Promise<unknown> }) {
  const t = useT();
  const format = useFormat();
  const contracts = useFarmContracts();
  const { send, state, busy } = useTransactor();
  return (
    <li className="farm-card" data-testid={`overdue-${invoice.tokenId}`}>
      <p>
        #{invoice.tokenId} {invoice.metadata?.invoiceNumber ?? ""} · <GoldAmount value={invoice.amount} /> ·{" "}
        {t("admin.overdue.maturity", { date: invoice.maturity ? format.date(invoice.maturity) : "—" })} ·{" "}
        {t("invoices.list.repaid")}: <GoldAmount value={invoice.repaid} />
      </p>
      <button
        type="button"
        className="danger"
        disabled={busy}
        onClick={() =>
          void send(
            {
              address: contracts.farmNft,
              abi: farmNftAbi,
              functionName: "markDefaulted",
              args: [BigInt(invoice.tokenId)],
            },
            { label: t("admin.overdue.marking", { id: invoice.tokenId }), onConfirmed: onDone },
          )
        }
      >
        {t("admin.overdue.mark")}
      </button>
      <TxProgress state={state} />
    </li>
  );
}

/**
 * Funded invoices past maturity and the contract's grace period: the admin may mark them defaulted. "Now" is the
 * latest block's time, which `markDefaulted` checks, not this computer's clock (an L2's clock or a test chain's
 * moved clock runs apart from it): the list offers exactly the invoices the contract would accept.
 */
export function OverdueInvoices() {
  const t = useT();
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
          <MarkDefaulted key={invoice.tokenId} invoice={invoice} onDone={() => funded.refetch()} />
        ))}
      </ul>
    </section>
  );
}
