import { createHash, randomBytes } from "node:crypto";
import { type NotificationLanguage, type RefusedItems, refusedItemsParam } from "@farm/core";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../adapters/db/database";
import type { AppConfig } from "../config";
import { farmers } from "../db/schema/farmers";
import { decryptField, encryptField, fieldKeys } from "../documents/field-encryption";
import type { EmailJobSender } from "./jobs";
import { buyerRecipient, enqueueNotifications, type NewNotification } from "./outbox";
import { adminRecipients } from "./recipients";
import { notificationAddresses } from "./schema";
import { countVerificationMail, type VerificationMailCap } from "./verification-cap";

/**
 * Notifications of API actions, each written with the caller's transaction (`tx`) so it exists exactly when the
 * action commits. These are the only lines the services call.
 */

export const digest = (value: string) => createHash("sha256").update(value).digest("hex");
const looksLikeEmail = (contact: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact);

/**
 * Sets a recipient's e-mail address (kept if unchanged and verified) and sends the verification link to it: nothing
 * else goes to a new address until its link is opened. With `cap` (a wallet's own request), the link is refused with
 * 429 once the wallet or the address had the day's verification e-mails, and nothing is saved.
 */
export async function setNotificationAddress(
  tx: Executor,
  jobs: EmailJobSender,
  config: AppConfig,
  owner: string,
  email: string,
  language?: NotificationLanguage,
  cap?: VerificationMailCap,
): Promise<void> {
  const keys = fieldKeys(config);
  const key = owner.toLowerCase();
  const [existing] = await tx
    .select()
    .from(notificationAddresses)
    .where(eq(notificationAddresses.owner, key));
  const sameAddress =
    existing?.emailEncrypted != null && decryptField(keys, existing.emailEncrypted) === email.toLowerCase();
  if (sameAddress && existing?.verifiedAt != null) {
    if (language && language !== existing.language)
      await tx.update(notificationAddresses).set({ language }).where(eq(notificationAddresses.owner, key));
    return;
  }
  if (cap) await countVerificationMail(cap, keys, key, email);
  const token = randomBytes(32).toString("base64url");
  const row = {
    emailEncrypted: encryptField(keys, email.toLowerCase()),
    language: language ?? existing?.language ?? "en",
    verifiedAt: null,
    verifyTokenHash: digest(token),
    updatedAt: new Date(),
  };
  await tx
    .insert(notificationAddresses)
    .values({ owner: key, ...row })
    .onConflictDoUpdate({ target: notificationAddresses.owner, set: row });
  await enqueueNotifications(tx, jobs, [
    {
      kind: "address_verification",
      recipient: key,
      // A new token each time: asking again sends a new link.
      subject: digest(token).slice(0, 16),
      params: {},
      secretEncrypted: encryptField(keys, token),
    },
  ]);
}

/** Removes a recipient's address: e-mail stops, the inbox stays. */
export async function clearNotificationAddress(tx: Executor, owner: string): Promise<void> {
  await tx.delete(notificationAddresses).where(eq(notificationAddresses.owner, owner.toLowerCase()));
}

/**
 * A farmer registered (or registered again): its address gets a verification link, in the portal's language at
 * registration when the portal sent it (else the address keeps its language, English for a new one); the admins get
 * a review item.
 */
export async function notifyFarmerRegistered(
  tx: Executor,
  jobs: EmailJobSender,
  config: AppConfig,
  registration: {
    wallet: string;
    email: string;
    farm: string;
    submittedAt: Date;
    language?: NotificationLanguage | undefined;
  },
): Promise<void> {
  await setNotificationAddress(
    tx,
    jobs,
    config,
    registration.wallet,
    registration.email,
    registration.language,
  );
  const admins = await adminRecipients(tx, config.adminAddresses);
  const subject = `${registration.wallet.toLowerCase()}:${registration.submittedAt.getTime()}`;
  await enqueueNotifications(
    tx,
    jobs,
    admins.map((admin) => ({
      kind: "review_farmer",
      recipient: admin,
      subject,
      params: { farm: registration.farm },
    })),
  );
}

/** An admin decided a registration; a rejection names what was refused and the reason, each when there is one. */
export async function notifyKycDecision(
  tx: Executor,
  jobs: EmailJobSender,
  farmer: {
    walletAddress: string;
    status: string;
    rejectionReason: string | null;
    refusedItems: RefusedItems | null;
    reviewedAt: Date | null;
  },
): Promise<void> {
  const approved = farmer.status === "approved";
  await enqueueNotifications(tx, jobs, [
    {
      kind: approved ? "kyc_approved" : "kyc_rejected",
      recipient: farmer.walletAddress,
      subject: String(farmer.reviewedAt?.getTime() ?? 0),
      params: approved
        ? {}
        : { reason: farmer.rejectionReason ?? "", refused: refusedItemsParam(farmer.refusedItems) },
    },
  ]);
}

/**
 * A farmer made a confirmation link: when the buyer's contact is an e-mail address, the link goes there (the
 * farmer never has to pass it on). Opening it verifies that address for the due-date reminders. The buyer's e-mails
 * are in `language` when given, else in the farmer's own e-mail language (the portal's at registration, or the one
 * chosen in the settings): a farmer using the portal in Indonesian most likely sells to an Indonesian buyer.
 */
export async function notifyBuyerLink(
  tx: Executor,
  jobs: EmailJobSender,
  config: AppConfig,
  invoice: {
    tokenId: bigint | null;
    farmerId: string;
    invoiceNumber: string;
    buyerContactEncrypted: string | null;
  },
  token: string,
  language?: NotificationLanguage,
): Promise<void> {
  if (invoice.buyerContactEncrypted === null || invoice.tokenId === null) return;
  const keys = fieldKeys(config);
  const contact = decryptField(keys, invoice.buyerContactEncrypted).trim();
  if (!looksLikeEmail(contact)) return;
  const owner = buyerRecipient(invoice.tokenId);
  const [farm] = await tx
    .select({ businessName: farmers.businessName, farmerLanguage: notificationAddresses.language })
    .from(farmers)
    .leftJoin(notificationAddresses, eq(notificationAddresses.owner, sql`lower(${farmers.walletAddress})`))
    .where(eq(farmers.id, invoice.farmerId));
  const row = {
    emailEncrypted: encryptField(keys, contact.toLowerCase()),
    language: language ?? (farm?.farmerLanguage === "id" ? "id" : "en"),
    updatedAt: new Date(),
  };
  await tx
    .insert(notificationAddresses)
    .values({ owner, ...row })
    .onConflictDoUpdate({ target: notificationAddresses.owner, set: row });
  await enqueueNotifications(tx, jobs, [
    {
      kind: "buyer_confirmation_request",
      recipient: owner,
      subject: digest(token).slice(0, 16),
      params: { invoiceNumber: invoice.invoiceNumber, farm: farm?.businessName ?? "" },
      secretEncrypted: encryptField(keys, token),
    },
  ]);
}

/** The buyer opened its link: its address is verified. */
export async function buyerAddressVerified(tx: Executor, tokenId: bigint): Promise<void> {
  await tx
    .update(notificationAddresses)
    .set({ verifiedAt: sql`now()` })
    .where(
      and(eq(notificationAddresses.owner, buyerRecipient(tokenId)), isNull(notificationAddresses.verifiedAt)),
    );
}

/** The buyer answered: the farmer hears it (with the note of a dispute), the admins hear of a dispute. */
export async function notifyBuyerDecision(
  tx: Executor,
  jobs: EmailJobSender,
  config: Pick<AppConfig, "adminAddresses">,
  invoice: {
    tokenId: bigint;
    farmerAddress: string;
    decision: "confirmed" | "disputed";
    note: string | null;
  },
): Promise<void> {
  const tokenId = invoice.tokenId.toString();
  const items: NewNotification[] = [
    {
      kind: invoice.decision === "confirmed" ? "buyer_confirmed" : "buyer_disputed",
      recipient: invoice.farmerAddress,
      subject: tokenId,
      params: invoice.decision === "confirmed" ? { tokenId } : { tokenId, note: invoice.note ?? "" },
    },
  ];
  if (invoice.decision === "disputed") {
    for (const admin of await adminRecipients(tx, config.adminAddresses))
      items.push({
        kind: "invoice_disputed",
        recipient: admin,
        subject: tokenId,
        params: { tokenId, note: invoice.note ?? "" },
      });
  }
  await enqueueNotifications(tx, jobs, items);
}

/** A new invoice carries the document of other farmers' invoices: each admin is told, to look before approving. */
export async function notifyDocumentReused(
  tx: Executor,
  jobs: EmailJobSender,
  config: Pick<AppConfig, "adminAddresses">,
  invoice: { tokenId: bigint; reusedBy: readonly bigint[] },
): Promise<void> {
  const tokenId = invoice.tokenId.toString();
  const others = invoice.reusedBy.map((other) => `#${other}`).join(", ");
  await enqueueNotifications(
    tx,
    jobs,
    (await adminRecipients(tx, config.adminAddresses)).map((admin) => ({
      kind: "invoice_document_reused",
      recipient: admin,
      subject: tokenId,
      params: { tokenId, others },
    })),
  );
}
