import { z } from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
const count = (fallback: number, min = 1) => z.coerce.number().int().min(min).default(fallback);

/** A day: an indexer that keeps up is seconds behind; one away longer than this mails nothing of what it missed. */
export const defaultHistoryCutoffMs = 86_400_000;

/**
 * The environment variables of notifications (e-mail over SMTP and the delivery worker). Spread into config.ts's
 * schema; `.env.example` lists each.
 */
export const notificationsEnv = {
  NOTIFY_EMAIL: booleanText.default(true),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default("Farm <no-reply@farm.localhost>"),
  NOTIFY_WORKER: booleanText.default(true),
  NOTIFY_POLL_INTERVAL_MS: count(500, 10),
  NOTIFY_BATCH_SIZE: count(50),
  NOTIFY_CONCURRENCY: count(8),
  NOTIFY_MAX_ATTEMPTS: count(8),
  NOTIFY_RETRY_BASE_MS: count(1_000, 1),
  NOTIFY_CLAIM_LEASE_MS: count(60_000, 100),
  NOTIFY_SCAN_INTERVAL_MS: count(60_000, 100),
  NOTIFY_HISTORY_CUTOFF_MS: count(defaultHistoryCutoffMs, 1_000),
  NOTIFY_PORTAL_URL: z.url().default("http://localhost:5174"),
  NOTIFY_INVESTOR_URL: z.url().default("http://localhost:5173"),
  NOTIFY_VERIFICATION_EMAILS_PER_DAY: count(5),
  NOTIFY_VERIFICATION_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
};

type NotificationsEnv = z.output<z.ZodObject<typeof notificationsEnv>>;

export interface NotificationsConfig {
  /** E-mail is sent when on and an SMTP server is set; the inbox works either way. */
  email: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Run the delivery worker and the date scan in this instance (several instances may). */
  worker: boolean;
  pollIntervalMs: number;
  batchSize: number;
  /** Messages one instance has on the wire at once. */
  concurrency: number;
  /** Attempts before a message is dead (shown to the admin). */
  maxAttempts: number;
  /** pg-boss's backoff base (rounded up to whole seconds): about base * 2^retry with jitter, capped at an hour. */
  retryBaseMs: number;
  /** pg-boss's job expiry (whole seconds): a job whose sender died is retried by another instance after it. */
  claimLeaseMs: number;
  scanIntervalMs: number;
  /**
   * Chain events older than this on the chain's clock when indexed are history (a rebuild, a backfill into an empty
   * database): their notifications reach the inbox but are never e-mailed.
   */
  historyCutoffMs: number;
  portalUrl: string;
  investorUrl: string;
  /** Address-verification e-mails one wallet may ask for, and one address may receive, in a UTC day. */
  verificationEmailsPerDay: number;
  /** Days an address-verification link works after it was sent; an older one answers 410. */
  verificationLinkDays: number;
}

export function toNotificationsConfig(e: NotificationsEnv): NotificationsConfig {
  return {
    email: e.NOTIFY_EMAIL && e.SMTP_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    worker: e.NOTIFY_WORKER,
    pollIntervalMs: e.NOTIFY_POLL_INTERVAL_MS,
    batchSize: e.NOTIFY_BATCH_SIZE,
    concurrency: e.NOTIFY_CONCURRENCY,
    maxAttempts: e.NOTIFY_MAX_ATTEMPTS,
    retryBaseMs: e.NOTIFY_RETRY_BASE_MS,
    claimLeaseMs: e.NOTIFY_CLAIM_LEASE_MS,
    scanIntervalMs: e.NOTIFY_SCAN_INTERVAL_MS,
    historyCutoffMs: e.NOTIFY_HISTORY_CUTOFF_MS,
    portalUrl: e.NOTIFY_PORTAL_URL.replace(/\/+$/, ""),
    investorUrl: e.NOTIFY_INVESTOR_URL.replace(/\/+$/, ""),
    verificationEmailsPerDay: e.NOTIFY_VERIFICATION_EMAILS_PER_DAY,
    verificationLinkDays: e.NOTIFY_VERIFICATION_LINK_DAYS,
  };
}

/** What production with e-mail on (the default) must name: its SMTP server and the apps' public addresses. */
export const emailProductionVariables = ["SMTP_URL", "NOTIFY_PORTAL_URL", "NOTIFY_INVESTOR_URL"] as const;

/** Production with e-mail on (the default) must name its SMTP server and the apps' public addresses. */
export function notificationsProductionProblem(env: NodeJS.ProcessEnv): [string, string] | null {
  const emailOff = env.NOTIFY_EMAIL === "false" || env.NOTIFY_EMAIL === "0";
  if (emailOff) return null;
  for (const name of emailProductionVariables) {
    if ((env[name] ?? "").trim() === "")
      return [
        name,
        "required in production while e-mail notifications are on (NOTIFY_EMAIL=false turns them off)",
      ];
  }
  return null;
}
