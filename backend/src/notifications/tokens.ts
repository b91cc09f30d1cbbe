import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "@farm/core";
import { FieldKeyring } from "../documents/field-encryption";

/**
 * One-click unsubscribe tokens (RFC 8058): recipient and kind, signed with a key derived from ENCRYPTION_KEY (128 bits
 * of HMAC-SHA256), so a link works without a session and cannot be made for anyone else. Short enough for one path
 * segment; they never expire, so an old e-mail's link still works: signed with the current key, read with every
 * configured one (a link sent before a key rotation works as long as its key is in ENCRYPTION_OLD_KEYS).
 */
function sign(encryptionKey: Buffer, payload: string): string {
  const key = createHmac("sha256", encryptionKey).update("farm-notifications-unsubscribe").digest();
  return createHmac("sha256", key).update(payload).digest("base64url").slice(0, 22);
}

const recipientPattern = /^(0x[0-9a-f]{40}|buyer:\d{1,78})$/;

export function unsubscribeToken(encryptionKey: Buffer, recipient: string, kind: NotificationKind): string {
  const payload = `${recipient}.${NOTIFICATION_KINDS.indexOf(kind)}`;
  return `${payload}.${sign(encryptionKey, payload)}`;
}

/**
 * The recipient and kind of a token, or null when it is not one this server signed with any key of `keys` (a bare key
 * is a keyring of that key alone).
 */
export function readUnsubscribeToken(
  keys: Buffer | FieldKeyring,
  token: string,
): { recipient: string; kind: NotificationKind } | null {
  const [recipient, kindIndex, signature, extra] = token.split(".");
  if (!recipient || !kindIndex || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature);
  const signedBy = (key: Buffer) => {
    const expected = Buffer.from(sign(key, `${recipient}.${kindIndex}`));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!(keys instanceof FieldKeyring ? keys.all : [keys]).some(signedBy)) return null;
  const kind = NOTIFICATION_KINDS[Number(kindIndex)];
  if (kind === undefined || !recipientPattern.test(recipient)) return null;
  return { recipient, kind };
}
