import { type ReceivedMail, type SmtpSink, startSmtpSink } from "@farm/testkit";
import { and, desc, eq } from "drizzle-orm";
import type { LocalAccount } from "viem";
import { expect } from "vitest";
import { decryptField, fieldKeys } from "../../src/documents/field-encryption";
import { buyerRecipient } from "../../src/notifications/outbox";
import { notifications } from "../../src/notifications/schema";
import { startChainApp } from "../chain-app";
import { type FarmChain, gold } from "../chain-fixture";
import { buyerDueDate, invoiceDocument, invoiceForm } from "../fixtures";
import { type BackendKind, signIn, type TestApp } from "../helpers";

/** Fast delivery settings for tests: poll often, retry soon. */
export const fastDelivery = {
  NOTIFY_POLL_INTERVAL_MS: "50",
  NOTIFY_RETRY_BASE_MS: "200",
  NOTIFY_SCAN_INTERVAL_MS: "3600000",
  PUBLIC_API_URL: "http://api.farm.test",
  NOTIFY_PORTAL_URL: "http://portal.farm.test",
  NOTIFY_INVESTOR_URL: "http://garden.farm.test",
};

/** The API on a FarmChain with e-mail going to `smtpUrl` (a real SMTP server). */
export function startNotifyingApp(
  farm: FarmChain,
  kind: BackendKind,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<TestApp> {
  return startChainApp(farm, kind, { ...fastDelivery, SMTP_URL: smtpUrl, ...env });
}

export { type ReceivedMail, type SmtpSink, startSmtpSink };

/** Messages to `address` whose subject contains `subject`: waits for `count` of them. */
export const mailTo = (sink: SmtpSink, address: string, subject: string, count = 1) =>
  sink.waitFor(count, (mail) => mail.to.includes(address) && mail.subject.includes(subject));

/** The first link in a message's text. */
export const linkIn = (mail: ReceivedMail): string => {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.subject}`);
  return match[0];
};

/**
 * Signs `account` in, sets its e-mail address and language, and opens the verification link it receives over SMTP,
 * as the person would. Returns the session cookie.
 */
export async function withVerifiedAddress(
  t: TestApp,
  sink: SmtpSink,
  account: LocalAccount,
  email: string,
  language: "en" | "id",
  cookie?: string,
): Promise<string> {
  const session = cookie ?? (await signIn(t.app, account));
  const set = await t.app.inject({
    method: "PUT",
    url: "/api/notifications/preferences",
    headers: { cookie: session },
    payload: { email, language },
  });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json()).toMatchObject({ email, verified: false, language });
  const subject = language === "id" ? "Konfirmasi alamat e-mail" : "Confirm your e-mail address";
  const [mail] = await mailTo(sink, email, subject);
  await confirmAddress(t, mail!);
  return session;
}

/**
 * Does what the reader of an address-verification mail does: its link leads to the portal's page, which verifies
 * (POST) only when the reader confirms, since mail scanners open links.
 */
export async function confirmAddress(t: TestApp, mail: ReceivedMail): Promise<void> {
  const link = new URL(linkIn(mail));
  expect(link.origin).toBe("http://portal.farm.test");
  const token = /^\/email\/verify\/([^/]+)$/.exec(link.pathname)?.[1];
  expect(token).toBeDefined();
  const confirmed = await t.app.inject({ method: "POST", url: `/api/notifications/verify/${token}` });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** The signed-in farmer submits an invoice through the API with `buyerMail` as the buyer's contact; its token id. */
export async function submitWithBuyer(
  t: TestApp,
  cookie: string,
  invoiceNumber: string,
  buyerMail: string,
): Promise<bigint> {
  const terms = {
    invoiceNumber,
    buyerName: "PT Pangan",
    buyerContact: buyerMail,
    amount: gold(1500n).toString(),
    yieldBps: 400,
    tenorDays: 60,
    fundingDays: 14,
    dueDate: buyerDueDate,
    description: "200 sacks of rice",
  };
  const invoice = invoiceForm(terms, [invoiceDocument()]);
  const reply = await t.app.inject({
    method: "POST",
    url: "/api/invoices",
    headers: { cookie, ...invoice.headers },
    payload: invoice.payload,
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return BigInt((reply.json() as { tokenId: string }).tokenId);
}

/**
 * The token of the latest confirmation link the platform queued for an invoice's buyer, read from the outbox row the
 * delivery e-mails (for suites without an SMTP server; the farmer's API answer never carries it).
 */
export async function queuedBuyerToken(t: TestApp, tokenId: bigint | string): Promise<string> {
  const [row] = await t.app.db
    .select({ secret: notifications.secretEncrypted })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, "buyer_confirmation_request"),
        eq(notifications.recipient, buyerRecipient(tokenId)),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (!row?.secret) throw new Error(`no confirmation link queued for invoice ${tokenId}`);
  return decryptField(fieldKeys(t.app.config), row.secret);
}
