import type { ChainHooks } from "../chain/hooks/registry";
import { isNotifiedEvent, notifyInvoiceEvents } from "./chain-producer";
import type { EmailJobSender } from "./jobs";

/** The notifications' part of the index's hooks: lifecycle events become notifications in the index's transaction. */
export function notificationChainHooks(
  jobs: EmailJobSender,
  adminAddresses: readonly string[] = [],
): ChainHooks {
  return {
    onInvoiceEventsIndexed: (tx, events) =>
      notifyInvoiceEvents(tx, jobs, events.filter(isNotifiedEvent), adminAddresses),
  };
}
