import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from "node:crypto";
import type { AppConfig } from "../config";

/**
 * The keys of the encrypted fields: the current key encrypts, every key decrypts (retired keys stay until
 * `npm run reencrypt -w backend` has moved every value to the current one). A key's id is derived from the key, so
 * no one has to name keys, and a value says which key it needs.
 */
export class FieldKeyring {
  readonly current: { id: string; key: Buffer };
  private readonly byId = new Map<string, Buffer>();
  /**
   * Values this keyring opened lately, by their stored text (an IV per value makes the text unique, and an altered
   * text is a different key that must open afresh). The admin's queue opens three fields of each farmer on every page
   * view, a third of its CPU; a value read again is a map lookup. The keys that open every value are in this same
   * process memory, so keeping a bounded number of opened values here exposes nothing a memory reader lacks.
   */
  private readonly opened = new Map<string, string>();

  constructor(current: Buffer, retired: readonly Buffer[] = []) {
    for (const key of [current, ...retired]) {
      if (key.length !== 32) throw new RangeError("an encryption key is 32 bytes");
      this.byId.set(keyId(key), key);
    }
    this.current = { id: keyId(current), key: current };
  }

  key(id: string): Buffer | undefined {
    return this.byId.get(id);
  }

  get all(): Buffer[] {
    return [...this.byId.values()];
  }

  /** The plaintext this keyring opened for `stored`, most recently used first out of the way of eviction. */
  openedBefore(stored: string): string | undefined {
    const plaintext = this.opened.get(stored);
    if (plaintext !== undefined) {
      this.opened.delete(stored);
      this.opened.set(stored, plaintext);
    }
    return plaintext;
  }

  remember(stored: string, plaintext: string): void {
    this.opened.set(stored, plaintext);
    if (this.opened.size > openedValuesKept) this.opened.delete(this.opened.keys().next().value as string);
  }
}

/** How many opened values a keyring keeps (a few pages of every list that shows them; about 1 MB at most). */
export const openedValuesKept = 4_096;

/** First 8 hex characters of a domain-separated SHA-256 of the key: names it without revealing it. */
export function keyId(key: Buffer): string {
  return createHash("sha256").update("farm-field-key:").update(key).digest("hex").slice(0, 8);
}

const keyrings = new WeakMap<AppConfig, FieldKeyring>();

/** The configuration's keyring: ENCRYPTION_KEY encrypts, it and ENCRYPTION_OLD_KEYS decrypt. */
export function fieldKeys(config: AppConfig): FieldKeyring {
  let keyring = keyrings.get(config);
  if (!keyring) {
    keyring = new FieldKeyring(config.encryptionKey, config.resilience.encryptionOldKeys);
    keyrings.set(config, keyring);
  }
  return keyring;
}

/**
 * Each key as a KeyObject, made once: a cipher given a KeyObject skips importing the raw key, about 4 µs a value
 * instead of 20 (the KYC queue opens three fields of each of its 50 farmers per page).
 */
const secrets = new WeakMap<Buffer, KeyObject>();
function secretOf(key: Buffer): KeyObject {
  let secret = secrets.get(key);
  if (secret === undefined) {
    secret = createSecretKey(key);
    secrets.set(key, secret);
  }
  return secret;
}

const asKeyring = (keys: Buffer | FieldKeyring) =>
  keys instanceof FieldKeyring ? keys : new FieldKeyring(keys);

/**
 * AES-256-GCM with a random 96-bit IV per value: `v2.<keyId>.<iv>.<tag>.<ciphertext>`, binary parts base64url.
 * (`v1.<iv>.<tag>.<ciphertext>` values, written before key ids, are still read by trying each key.)
 */
export function encryptField(keys: Buffer | FieldKeyring, plaintext: string): string {
  const { id, key } = asKeyring(keys).current;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretOf(key), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v2", id, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(
    ".",
  );
}

function open(key: Buffer, iv: string, authTag: string, ciphertext: string): string {
  const decipher = createDecipheriv("aes-256-gcm", secretOf(key), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(authTag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/** Reverses encryptField; throws when the value was altered or its key is not configured. */
export function decryptField(keys: Buffer | FieldKeyring, stored: string): string {
  const keyring = asKeyring(keys);
  const known = keyring.openedBefore(stored);
  if (known !== undefined) return known;
  const plaintext = openField(keyring, stored);
  keyring.remember(stored, plaintext);
  return plaintext;
}

function openField(keyring: FieldKeyring, stored: string): string {
  const parts = stored.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const [, id, iv, authTag, ciphertext] = parts as [string, string, string, string, string];
    const key = keyring.key(id);
    if (!key) throw new Error(`no configured encryption key has id ${id}`);
    return open(key, iv, authTag, ciphertext);
  }
  if (parts[0] === "v1" && parts.length === 4) {
    const [, iv, authTag, ciphertext] = parts as [string, string, string, string];
    for (const key of keyring.all) {
      try {
        return open(key, iv, authTag, ciphertext);
      } catch {
        // Another key's value: try the next.
      }
    }
    throw new Error("no configured encryption key opens this value");
  }
  throw new Error("not an encrypted field");
}

/** True when the value is not yet encrypted with the current key. */
export function needsReencryption(keyring: FieldKeyring, stored: string): boolean {
  const [version, id] = stored.split(".");
  return version !== "v2" || id !== keyring.current.id;
}

/** Keeps the last `visible` characters, enough for a person to recognise their number and no more. */
export function maskIdentifier(value: string, visible = 4): string {
  if (value.length <= visible) return "*".repeat(value.length);
  return `${"*".repeat(value.length - visible)}${value.slice(-visible)}`;
}
