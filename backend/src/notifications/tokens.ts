import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "@farm/core";

/**
 * One-click unsubscribe tokens (RFC 8058): recipient and kind, signed with a key derived from ENCRYPTION_KEY, so a
 * link works without a session and cannot be made for anyone else. They never expire: an old e-mail's link still works.
 */
function signingKey(encryptionKey: Buffer): Buffer {
  return createHmac("sha256", encryptionKey).update("farm-notifications-unsubscribe").digest();
}

const sign = (key: Buffer, payload: string) =>
  createHmac("sha256", signingKey(key)).update(payload).digest("base64url");

export function unsubscribeToken(encryptionKey: Buffer, recipient: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${recipient}|${kind}`).toString("base64url");
  return `${payload}.${sign(encryptionKey, payload)}`;
}

/** The recipient and kind of a token, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  encryptionKey: Buffer,
  token: string,
): { recipient: string; kind: NotificationKind } | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(encryptionKey, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [recipient, kind] = Buffer.from(payload, "base64url").toString().split("|");
  if (!recipient || !kind || !isNotificationKind(kind)) return null;
  return { recipient, kind };
}
