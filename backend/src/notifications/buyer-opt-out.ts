import { createHmac } from "node:crypto";
import type { NotificationKind } from "@farm/core";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../adapters/db/database";
import type { AppConfig } from "../config";
import { decryptField, fieldKeys } from "../documents/field-encryption";
import { setEmailSwitch } from "./inbox";
import { buyerRecipient, isBuyerRecipient } from "./outbox";
import { notificationAddresses, notificationPreferences } from "./schema";

const linkKind: NotificationKind = "buyer_confirmation_request";

/**
 * The preferences owner of a buyer's address that opted out of confirmation links: `buyer-address:` and an
 * HMAC-SHA256 of the address under a key derived from an encryption key, so the table never holds the address.
 */
export function addressOwner(key: Buffer, email: string): string {
  const derived = createHmac("sha256", key).update("farm-buyer-link-opt-out").digest();
  return `buyer-address:${createHmac("sha256", derived).update(email.trim().toLowerCase()).digest("hex")}`;
}

/**
 * A buyer used the one-click unsubscribe of a confirmation-link e-mail (`recipient` is `buyer:<tokenId>`): its
 * address gets no further link e-mails, for this invoice or any other, from any farmer. Recorded in
 * notification_preferences under the address's digest (`addressOwner`); nothing for any other kind or recipient.
 */
export async function recordBuyerOptOut(
  db: Executor,
  config: AppConfig,
  recipient: string,
  kind: NotificationKind,
): Promise<void> {
  if (kind !== linkKind || !isBuyerRecipient(recipient)) return;
  const [address] = await db
    .select({ emailEncrypted: notificationAddresses.emailEncrypted })
    .from(notificationAddresses)
    .where(eq(notificationAddresses.owner, recipient));
  if (!address?.emailEncrypted) return;
  const keys = fieldKeys(config);
  const owner = addressOwner(keys.current.key, decryptField(keys, address.emailEncrypted));
  await setEmailSwitch(db, owner, linkKind, false);
}

/**
 * True when the buyer at `email` opted out of confirmation links (under the current or a retired key), or switched
 * them off for this invoice (`buyer:<tokenId>`, as unsubscribing did before it counted for the address). An opt-out
 * found under a retired key or only for the invoice is recorded again for the address under the current key, so
 * it outlives the retired key (a digest cannot be re-encrypted).
 */
export async function buyerOptedOut(
  db: Executor,
  config: AppConfig,
  tokenId: bigint,
  email: string,
): Promise<boolean> {
  const keys = fieldKeys(config);
  const current = addressOwner(keys.current.key, email);
  const owners = [buyerRecipient(tokenId), ...keys.all.map((key) => addressOwner(key, email))];
  const [row] = await db
    .select({ owner: notificationPreferences.owner })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.owner, owners),
        eq(notificationPreferences.kind, linkKind),
        eq(notificationPreferences.email, false),
      ),
    )
    .orderBy(desc(eq(notificationPreferences.owner, current)))
    .limit(1);
  if (row !== undefined && row.owner !== current) await setEmailSwitch(db, current, linkKind, false);
  return row !== undefined;
}
