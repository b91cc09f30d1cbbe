import { sql } from "drizzle-orm";
import { type Database, type Executor, queryRows } from "../adapters/db/database";
import type { AppConfig } from "../config";
import type { EmailJobSender } from "./jobs";
import { enqueueNotifications, type NewNotification } from "./outbox";
import { adminRecipients, isoDate } from "./recipients";

const DAY_MS = 86_400_000;
/** Days before a credential's end its investor is reminded; only the nearest threshold reached is sent. */
export const CREDENTIAL_REMINDER_DAYS = [30, 7] as const;

/** An investor sent a verification: each admin gets a review item. */
export async function notifyInvestorVerificationSent(
  tx: Executor,
  jobs: EmailJobSender,
  config: Pick<AppConfig, "adminAddresses">,
  verification: { wallet: string; submittedAt: Date },
): Promise<void> {
  const subject = `${verification.wallet.toLowerCase()}:${verification.submittedAt.getTime()}`;
  const admins = await adminRecipients(tx, config.adminAddresses);
  await enqueueNotifications(
    tx,
    jobs,
    admins.map((admin) => ({ kind: "review_investor", recipient: admin, subject, params: {} })),
  );
}

/** An admin decided a verification: approved with its limit and end date, or rejected with the reason. */
export async function notifyInvestorDecision(
  tx: Executor,
  jobs: EmailJobSender,
  decision:
    | { wallet: string; verificationId: string; approved: true; limit: bigint; validUntil: number }
    | { wallet: string; verificationId: string; approved: false; reason: string },
): Promise<void> {
  const item: NewNotification = decision.approved
    ? {
        kind: "investor_approved",
        recipient: decision.wallet,
        subject: decision.verificationId,
        params: {
          amount: decision.limit.toString(),
          date: isoDate(new Date(decision.validUntil * 1000)),
        },
      }
    : {
        kind: "investor_rejected",
        recipient: decision.wallet,
        subject: decision.verificationId,
        params: { reason: decision.reason },
      };
  await enqueueNotifications(tx, jobs, [item]);
}

/** An admin froze a wallet's credential (with the reason) or lifted the freeze: the investor is told either way. */
export async function notifyCredentialFrozen(
  tx: Executor,
  jobs: EmailJobSender,
  change: { wallet: string; frozen: boolean; reason: string; txHash: string },
): Promise<void> {
  await enqueueNotifications(tx, jobs, [
    change.frozen
      ? {
          kind: "credential_frozen",
          recipient: change.wallet,
          subject: change.txHash,
          params: { reason: change.reason },
        }
      : { kind: "credential_unfrozen", recipient: change.wallet, subject: change.txHash, params: {} },
  ]);
}

/**
 * Credentials ending within 30 days on the chain's clock, from the index: each investor is reminded at 30 and 7 days
 * (keyed by the credential's end and the threshold, so a scan every minute on every instance makes each once, and a
 * renewed credential is reminded again).
 */
export async function scanCredentialExpiry(
  db: Database,
  jobs: EmailJobSender,
  chainNow: Date,
): Promise<number> {
  const now = Math.floor(chainNow.getTime() / 1000);
  const horizon = now + CREDENTIAL_REMINDER_DAYS[0] * 86_400;
  const rows = await queryRows<{ wallet: string; valid_until: string }>(
    db,
    sql`select lower(wallet) as wallet, valid_until::text as valid_until from chain_credentials
        where tier > 0 and valid_until > ${now} and valid_until <= ${horizon}`,
  );
  const out: NewNotification[] = [];
  for (const row of rows) {
    const end = Number(row.valid_until) * 1000;
    const left = end - chainNow.getTime();
    const days = [...CREDENTIAL_REMINDER_DAYS].reverse().find((d) => left <= d * DAY_MS);
    if (days === undefined) continue;
    out.push({
      kind: "credential_expiring",
      recipient: row.wallet,
      subject: `${row.valid_until}:${days}`,
      params: { date: isoDate(new Date(end)), days: String(Math.ceil(left / DAY_MS)) },
    });
  }
  if (out.length > 0) await db.transaction((tx) => enqueueNotifications(tx, jobs, out));
  return out.length;
}
