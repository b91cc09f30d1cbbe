import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "@farm/core";

/**
 * One-click unsubscribe tokens (RFC 8058): recipient and kind, signed with a key derived from ENCRYPTION_KEY (128 bits
 * of HMAC-SHA256), so a link works without a session and cannot be made for anyone else. Short enough for one path
 * segment; they never expire, so an old e-mail's link still works.
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

/** The recipient and kind of a token, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  encryptionKey: Buffer,
  token: string,
): { recipient: string; kind: NotificationKind } | null {
  const [recipient, kindIndex, signature, extra] = token.split(".");
  if (!recipient || !kindIndex || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(encryptionKey, `${recipient}.${kindIndex}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const kind = NOTIFICATION_KINDS[Number(kindIndex)];
  if (kind === undefined || !recipientPattern.test(recipient)) return null;
  return { recipient, kind };
}
