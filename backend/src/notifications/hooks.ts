import type { ChainHooks } from "../chain/hooks/registry";
import { isNotifiedEvent, notifyInvoiceEvents } from "./chain-producer";

/** The notifications' part of the index's hooks: lifecycle events become notifications in the index's transaction. */
export function notificationChainHooks(adminAddresses: readonly string[] = []): ChainHooks {
  return {
    onInvoiceEventsIndexed: (tx, events) =>
      notifyInvoiceEvents(tx, events.filter(isNotifiedEvent), adminAddresses),
  };
}
