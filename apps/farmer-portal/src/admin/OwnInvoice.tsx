import type { Invoice } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import "../i18n/admin-decisions";

/** What a row of the admin's invoice lists takes: the invoice, what to do once decided, the signed-in admin. */
export interface AdminInvoiceRowProps {
  invoice: Invoice;
  onDone: () => Promise<unknown>;
  /** The signed-in admin's wallet: no decision is offered on its own invoice. */
  admin?: string | undefined;
}

/**
 * Whether the signed-in admin is the invoice's farmer: FarmNFT refuses it every decision on that invoice (approve,
 * reject, withdraw, mark defaulted, settle: OwnInvoiceDecision, decision 0071), so the page offers none.
 */
export function isOwnInvoice(farmer: string, admin: string | undefined): boolean {
  return admin !== undefined && admin.toLowerCase() === farmer.toLowerCase();
}

/** Said instead of the decisions on the admin's own invoice. */
export function OwnInvoiceNotice({ id }: { id: string }) {
  const t = useT();
  return (
    <Notice tone="info">
      <span data-testid={`own-invoice-${id}`}>{t("admin.ownInvoice")}</span>
    </Notice>
  );
}
