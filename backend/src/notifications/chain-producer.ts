import type { Transaction } from "../adapters/db/database";
import type { InvoiceEvent } from "../chain/indexer/invoice-state";
import type { EmailJobSender } from "./jobs";
import type { NewNotification } from "./outbox";
import { enqueueNotifications } from "./outbox";
import { adminRecipients, holdersOf, invoiceFacts, isoDate } from "./recipients";

/** Invoice events that tell someone something (Invested is told through InvoiceFunded). */
export type NotifiedEvent = Exclude<InvoiceEvent, { eventName: "Invested" }>;

export function isNotifiedEvent(event: InvoiceEvent): event is NotifiedEvent {
  return event.eventName !== "Invested";
}

/**
 * Turns indexed invoice events into notifications in the index's own transaction, keyed by the event (or the invoice
 * for once-only kinds), so a replay, a restart or the crop sync never makes a second one. Runs at the indexer's
 * confirmations: the index holds only confirmed blocks.
 */
export async function notifyInvoiceEvents(
  tx: Transaction,
  jobs: EmailJobSender,
  events: readonly NotifiedEvent[],
  configuredAdmins: readonly string[],
  /** Events in blocks before this are history: their notifications are not e-mailed. */
  emailSince?: Date,
): Promise<void> {
  if (events.length === 0) return;
  const tokenIds = [...new Set(events.map((event) => event.args.tokenId))];
  const [facts, holders] = await Promise.all([invoiceFacts(tx, tokenIds), holdersOf(tx, tokenIds)]);
  const needsAdmins = events.some((event) => event.eventName === "InvoiceSubmitted");
  const admins = needsAdmins ? await adminRecipients(tx, configuredAdmins) : [];
  const out: NewNotification[] = [];
  // A withdrawal emits InvoiceCancelled then InvoiceWithdrawn in one transaction: it is told once, by the latter.
  const withdrawn = new Set(
    events.flatMap((event) => (event.eventName === "InvoiceWithdrawn" ? [event.args.tokenId] : [])),
  );
  // A payment after the default in the same batch or before it is a recovery for the holders.
  const defaultedAt = new Map<bigint, number>();
  events.forEach((event, index) => {
    if (event.eventName === "InvoiceDefaulted") defaultedAt.set(event.args.tokenId, index);
  });

  events.forEach((event, index) => {
    const tokenId = event.args.tokenId.toString();
    const fact = facts.get(tokenId);
    const farmer = fact?.farmer;
    const news = emailSince === undefined || event.blockTime.getTime() >= emailSince.getTime();
    const base = { sourceEvent: event.id, ...(news ? {} : { email: false as const }) };
    const toFarmer = (kind: NewNotification["kind"], subject: string, params: Record<string, string>) => {
      if (farmer) out.push({ kind, recipient: farmer, subject, params: { tokenId, ...params }, ...base });
    };
    const toHolders = (kind: NewNotification["kind"], subject: string, params: Record<string, string>) => {
      for (const holder of holders.get(tokenId) ?? [])
        out.push({ kind, recipient: holder, subject, params: { tokenId, ...params }, ...base });
    };
    switch (event.eventName) {
      case "InvoiceSubmitted":
        for (const admin of admins)
          out.push({
            kind: "invoice_submitted",
            recipient: admin,
            subject: tokenId,
            params: { tokenId, farm: fact?.farm ?? "" },
            ...base,
          });
        break;
      case "InvoiceApproved":
        toFarmer("invoice_approved", tokenId, {});
        break;
      case "InvoiceRejected":
        toFarmer("invoice_rejected", tokenId, { reason: event.args.reason });
        break;
      case "InvoiceFunded": {
        const dueDate = isoDate(new Date(Number(event.args.maturity) * 1000));
        toFarmer("invoice_funded", tokenId, { amount: event.args.principal.toString(), dueDate });
        toHolders("seed_funded", tokenId, {});
        break;
      }
      case "Repaid": {
        const amount = event.args.amount.toString();
        toFarmer("repayment_received", event.id, { amount });
        // With no default beside it in the batch, the indexed status tells whether the default came earlier.
        const defaultIndex = defaultedAt.get(event.args.tokenId);
        const afterDefault =
          defaultIndex !== undefined
            ? defaultIndex < index
            : fact?.status === "defaulted" || fact?.status === "settled";
        if (afterDefault) toHolders("recovery_received", event.id, { amount });
        break;
      }
      case "InvoiceCancelled":
        if (withdrawn.has(event.args.tokenId) || fact?.withdrawalReason != null) break;
        toFarmer("funding_closed", tokenId, {});
        toHolders("refund_available", tokenId, {});
        break;
      case "InvoiceWithdrawn":
        toFarmer("invoice_withdrawn", tokenId, { reason: event.args.reason });
        toHolders("holder_invoice_withdrawn", tokenId, { reason: event.args.reason });
        break;
      case "InvoiceDefaulted":
        toFarmer("default_declared", tokenId, {});
        toHolders("holder_default_declared", tokenId, {});
        break;
      case "DefaultSettled": {
        const amount = (event.args.recovered + event.args.recoveredFee).toString();
        toFarmer("invoice_settled", tokenId, { amount });
        toHolders("default_settled", tokenId, { amount });
        break;
      }
    }
  });
  await enqueueNotifications(tx, jobs, out);
}
