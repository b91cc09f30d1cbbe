import type { NotificationKind } from "@farm/core";
import { and, asc, eq, gt, inArray, isNotNull, like } from "drizzle-orm";
import type { Database } from "../adapters/db/database";
import { decryptField, type FieldKeyring } from "../documents/field-encryption";
import { addressOwner } from "./buyer-opt-out";
import { notificationAddresses, notificationPreferences } from "./schema";

const linkKind: NotificationKind = "buyer_confirmation_request";

/**
 * Buyers' opt-outs of confirmation-link e-mails recorded under a retired key's digest of the address, recorded again
 * under the current key's, so they outlive the retired key. A digest cannot be re-encrypted: the address comes from
 * the buyers' stored notification addresses (`buyer:<tokenId>`), `batch` at a time; an opt-out whose address no
 * invoice holds any more stays under the retired key (and lookups find it only while that key is configured). An
 * opt-out already under the current key is left as it is. Returns how many it recorded; safe to run again.
 */
export async function rekeyBuyerOptOuts(db: Database, keys: FieldKeyring, batch = 200): Promise<number> {
  const retired = keys.all.filter((key) => key !== keys.current.key);
  if (retired.length === 0) return 0;
  const a = notificationAddresses;
  let recorded = 0;
  let after = "";
  for (;;) {
    const rows = await db
      .select({ owner: a.owner, email: a.emailEncrypted })
      .from(a)
      .where(and(gt(a.owner, after), like(a.owner, "buyer:%"), isNotNull(a.emailEncrypted)))
      .orderBy(asc(a.owner))
      .limit(batch);
    if (rows.length === 0) return recorded;
    after = rows.at(-1)!.owner;
    // Each retired key's digest of each address, to the current key's digest of it.
    const current = new Map<string, string>();
    for (const row of rows) {
      let email: string;
      try {
        email = decryptField(keys, row.email!);
      } catch {
        continue; // counted as unreadable with the addresses' own pass
      }
      for (const key of retired) current.set(addressOwner(key, email), addressOwner(keys.current.key, email));
    }
    if (current.size === 0) continue;
    const optedOut = await db
      .select({ owner: notificationPreferences.owner })
      .from(notificationPreferences)
      .where(
        and(
          inArray(notificationPreferences.owner, [...current.keys()]),
          eq(notificationPreferences.kind, linkKind),
          eq(notificationPreferences.email, false),
        ),
      );
    for (const { owner } of optedOut) {
      const inserted = await db
        .insert(notificationPreferences)
        .values({ owner: current.get(owner)!, kind: linkKind, email: false })
        .onConflictDoNothing()
        .returning({ owner: notificationPreferences.owner });
      recorded += inserted.length;
    }
  }
}
