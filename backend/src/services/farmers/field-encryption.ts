import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const version = "v1";

/** AES-256-GCM with a random 96-bit IV per value: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function encryptField(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [version, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Reverses encryptField; throws when the value was altered or encrypted under another key. */
export function decryptField(key: Buffer, stored: string): string {
  const [tag, iv, authTag, ciphertext] = stored.split(".");
  if (tag !== version || !iv || !authTag || ciphertext === undefined)
    throw new Error("not an encrypted field");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(authTag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/** Keeps the last `visible` characters, enough for a person to recognise their number and no more. */
export function maskIdentifier(value: string, visible = 4): string {
  if (value.length <= visible) return "*".repeat(value.length);
  return `${"*".repeat(value.length - visible)}${value.slice(-visible)}`;
}
