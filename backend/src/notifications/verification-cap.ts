import { createHmac } from "node:crypto";
import { nextUtcMidnight, utcDay } from "@farm/core";
import type { CacheStore } from "../adapters/cache";
import type { FieldKeyring } from "../documents/field-encryption";
import { AppError } from "../errors";

/** What caps the address-verification e-mails: the shared counters and the most a wallet or an address gets a day. */
export interface VerificationMailCap {
  cache: CacheStore;
  perDay: number;
}

/**
 * An address's counter key: HMAC-SHA256 under a key derived from the field-encryption key, so the cache never holds
 * an address and its keys cannot be matched against a list of addresses without the key.
 */
function addressKey(keys: FieldKeyring, email: string): string {
  const key = createHmac("sha256", keys.current.key).update("farm-verification-mail-cap").digest();
  return createHmac("sha256", key).update(email.toLowerCase()).digest("hex");
}

/**
 * Counts one address-verification e-mail against the wallet and against the address for the UTC day, or refuses it
 * with 429 TOO_MANY_VERIFICATION_EMAILS once either had `perDay` (so nobody can have the platform mail an address
 * over and over). Day windows, as the game's: the refusal says when the next day starts. No Retry-After: the wait
 * is hours, not a countdown to show.
 */
export async function countVerificationMail(
  cap: VerificationMailCap,
  keys: FieldKeyring,
  owner: string,
  email: string,
  now = new Date(),
): Promise<void> {
  const day = utcDay(now);
  const retryAt = nextUtcMidnight(now);
  // The counters outlive their day by a minute, so a clock a little behind still finds them.
  const ttlMs = retryAt.getTime() - now.getTime() + 60_000;
  for (const key of [
    `verify-mail:wallet:${owner.toLowerCase()}:${day}`,
    `verify-mail:address:${addressKey(keys, email)}:${day}`,
  ]) {
    const { count } = await cap.cache.increment(key, ttlMs);
    if (count > cap.perDay)
      throw new AppError(
        429,
        "TOO_MANY_VERIFICATION_EMAILS",
        `At most ${cap.perDay} verification e-mails a day go to one address or for one wallet; ask again after ` +
          `${retryAt.toISOString()} (00:00 UTC)`,
        { limit: cap.perDay, retryAt: retryAt.toISOString() },
      );
  }
}
