import type { Transaction } from "../adapters/db/database";
import type { IndexedMarketFill } from "../chain/hooks/registry";
import type { EmailJobSender } from "./jobs";
import { enqueueNotifications, type NewNotification } from "./outbox";

/**
 * The seller of a listing hears of each fill ("your listing was filled", with the GOLD it received), keyed by the fill
 * event so a replay never makes a second one; an offer's buyer and the other side hear nothing beyond what the garden
 * shows. Fills older than `emailSince` are history: inbox only.
 */
export async function notifyMarketFills(
  tx: Transaction,
  jobs: EmailJobSender,
  fills: readonly IndexedMarketFill[],
  emailSince?: Date,
): Promise<void> {
  const out: NewNotification[] = fills
    .filter((fill) => fill.kind === "listing")
    .map((fill) => ({
      kind: "listing_filled",
      recipient: fill.seller,
      subject: fill.id,
      params: { tokenId: fill.tokenId.toString(), amount: (fill.cost - fill.fee).toString() },
      sourceEvent: fill.id,
      ...(emailSince === undefined || fill.blockTime.getTime() >= emailSince.getTime()
        ? {}
        : { email: false as const }),
    }));
  if (out.length > 0) await enqueueNotifications(tx, jobs, out);
}
