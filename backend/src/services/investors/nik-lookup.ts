import { createHmac } from "node:crypto";
import type { FieldKeyring } from "../../documents/field-encryption";

/**
 * A NIK's lookup value: HMAC-SHA256 under a key derived from a field-encryption key, so equal NIKs are found without
 * storing them in clear and a stolen table cannot be matched against the 16-digit space without the key.
 */
export function nikHashWith(key: Buffer, nik: string): string {
  const lookupKey = createHmac("sha256", key).update("farm-nik-lookup").digest();
  return createHmac("sha256", lookupKey).update(nik).digest("hex");
}

/** The value written now (current key). */
export const nikHash = (keys: FieldKeyring, nik: string) => nikHashWith(keys.current.key, nik);

/** The values a stored NIK may carry: one per configured key, so a key rotation still finds earlier rows. */
export const nikHashes = (keys: FieldKeyring, nik: string) => keys.all.map((key) => nikHashWith(key, nik));
