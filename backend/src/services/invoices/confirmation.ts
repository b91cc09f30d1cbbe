import { createHash, randomBytes } from "node:crypto";
import { farmNftAbi } from "@farm/contracts";
import type { ApiErrorCode } from "@farm/core";
import {
  type ConfirmationDecisionRequest,
  type ConfirmationLink,
  type ConfirmationView,
  confirmationTypedData,
  emailDomainOf,
  type InvoiceStatusName,
  isFreeMailDomain,
  MS_PER_DAY,
  maskEmail,
  type RecordedBuyerDecision,
} from "@farm/core";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { getAddress, type Hex, isAddressEqual, verifyTypedData } from "viem";
import { chainInvoices } from "../../db/schema/chain";
import { farmers } from "../../db/schema/farmers";
import { invoiceConfirmationLinks, invoices } from "../../db/schema/invoices";
import { decryptField, fieldKeys } from "../../documents/field-encryption";
import { AppError, conflict, forbidden, notFound } from "../../errors";
import { buyerAddressVerified, notifyBuyerDecision, notifyBuyerLink } from "../../notifications/actions";
import { buyerOptedOut } from "../../notifications/buyer-opt-out";
import { refuseFarmerAsBuyer } from "./buyer-not-farmer";
import {
  findInvoiceDocument,
  findInvoiceRow,
  type InvoiceDocumentRow,
  type InvoiceRow,
  recordedDecision,
} from "./evidence";
import { countConfirmationLink } from "./link-caps";

/**
 * What the buyer confirmation uses: the database, the chain (to read an invoice not indexed yet), the identities (a
 * platform wallet may not sign as the buyer) and the e-mail jobs (the link goes out by e-mail).
 */
export type ConfirmationDeps = Pick<FastifyInstance, "db" | "chain" | "config" | "identity" | "emailJobs">;

/** Only this digest of a link's token is stored: a database reader cannot use a link. */
const tokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");

const linkGone = (code: ApiErrorCode, message: string) => new AppError(410, code, message);

/** The buyer's e-mail address of an invoice, or null when its contact is a phone number (or there is none). */
function buyerEmailOf(app: Pick<ConfirmationDeps, "config">, row: InvoiceRow): string | null {
  if (row.buyerContactEncrypted === null) return null;
  const contact = decryptField(fieldKeys(app.config), row.buyerContactEncrypted).trim().toLowerCase();
  return emailDomainOf(contact) === null ? null : contact;
}

/**
 * A new confirmation link for an invoice of the signed-in farmer: 256 random bits, valid for the configured days, and
 * the only live one (earlier unused links are revoked). The platform e-mails it to the buyer's address through the
 * notifications outbox; the farmer is told only the masked address and the expiry. Refused once the buyer answered,
 * for a buyer reached by phone (there is no text-message channel), for an address that is a farmer's own (422), one
 * that unsubscribed from these e-mails (409) and past the day's links for the invoice or the farmer (429).
 */
export async function createConfirmationLink(
  app: ConfirmationDeps,
  farmerAddress: string,
  tokenId: bigint,
  now = new Date(),
): Promise<ConfirmationLink> {
  const row = await findInvoiceRow(app.db, tokenId);
  if (row === null || row.farmerAddress.toLowerCase() !== farmerAddress.toLowerCase())
    throw forbidden("Only the invoice's farmer may send its buyer a confirmation link");
  if (row.buyerDecision !== null)
    throw conflict(`The buyer has already ${row.buyerDecision} this invoice`, "BUYER_ALREADY_ANSWERED");
  const email = buyerEmailOf(app, row);
  if (email === null)
    throw new AppError(
      422,
      "BUYER_CONTACT_NOT_EMAIL",
      "The buyer's contact is not an e-mail address: links are sent by e-mail only (no text messages yet)",
    );
  await refuseFarmerAsBuyer(app.db, app.config, row.farmerId, email, true);
  if (await buyerOptedOut(app.db, app.config, tokenId, email))
    throw conflict(
      "The buyer's address unsubscribed from confirmation e-mails; ask the buyer to confirm another way",
      "BUYER_OPTED_OUT",
    );
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + app.config.invoiceRules.confirmationLinkTtlDays * MS_PER_DAY);
  await app.db.transaction(async (tx) => {
    // One request at a time per farmer (a lock to the end of this transaction): two at once would each revoke only
    // the links committed before it, leaving two live ones, and could both pass the day's count.
    await countConfirmationLink(tx, app.config.invoiceRules, row, now);
    await tx
      .update(invoiceConfirmationLinks)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invoiceConfirmationLinks.invoiceId, row.id),
          isNull(invoiceConfirmationLinks.usedAt),
          isNull(invoiceConfirmationLinks.revokedAt),
        ),
      );
    await tx
      .insert(invoiceConfirmationLinks)
      .values({ invoiceId: row.id, tokenHash: tokenDigest(token), createdAt: now, expiresAt });
    await notifyBuyerLink(tx, app.emailJobs, app.config, row, token);
  });
  const emailDomain = emailDomainOf(email)!;
  return {
    sentTo: maskEmail(email),
    emailDomain,
    freeMail: isFreeMailDomain(emailDomain),
    expiresAt: expiresAt.toISOString(),
  };
}

interface OpenedLink {
  link: typeof invoiceConfirmationLinks.$inferSelect;
  invoice: InvoiceRow;
}

async function openLink(app: ConfirmationDeps, token: string): Promise<OpenedLink> {
  const [found] = await app.db
    .select({ link: invoiceConfirmationLinks, invoice: invoices })
    .from(invoiceConfirmationLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceConfirmationLinks.invoiceId))
    .where(eq(invoiceConfirmationLinks.tokenHash, tokenDigest(token)));
  if (!found || found.invoice.tokenId === null) throw notFound("This confirmation link does not exist");
  if (found.link.revokedAt !== null)
    throw linkGone(
      "LINK_REPLACED",
      "This link was replaced by a newer one; use the latest link e-mailed to you",
    );
  return found;
}

const isLive = (link: OpenedLink["link"], now: Date) =>
  link.usedAt === null && link.revokedAt === null && link.expiresAt.getTime() > now.getTime();

/**
 * What the buyer sees: the invoice and, while the link is undecided and unexpired, its document. After the answer
 * the link keeps showing the invoice and the recorded answer (and lets the buyer repay), never the document again.
 * Reading changes nothing (mail scanners open links).
 */
export async function readConfirmation(
  app: ConfirmationDeps,
  token: string,
  now = new Date(),
): Promise<ConfirmationView> {
  return viewOf(app, await openLink(app, token), now);
}

async function viewOf(
  app: ConfirmationDeps,
  { link, invoice }: OpenedLink,
  now: Date,
): Promise<ConfirmationView> {
  const tokenId = invoice.tokenId!;
  const [[chainRow], [farm], document] = await Promise.all([
    app.db
      .select({ status: chainInvoices.status, amount: chainInvoices.amount })
      .from(chainInvoices)
      .where(eq(chainInvoices.tokenId, tokenId)),
    app.db
      .select({ businessName: farmers.businessName })
      .from(farmers)
      .where(eq(farmers.id, invoice.farmerId)),
    findInvoiceDocument(app.db, invoice.id, "invoice"),
  ]);
  if (!document) throw notFound("This invoice has no document");
  const amount = chainRow?.amount ?? (await amountOnChain(app, tokenId));
  const farmNft = app.chain.addresses?.farmNft;
  const live = isLive(link, now);
  return {
    tokenId: tokenId.toString(),
    invoiceNumber: invoice.invoiceNumber,
    buyerName: invoice.buyerName,
    farmBusinessName: farm?.businessName ?? null,
    amount: amount.toString(),
    dueDate: invoice.dueDate,
    description: invoice.description,
    status: (chainRow?.status as InvoiceStatusName | undefined) ?? null,
    documentHash: `0x${document.sha256}`,
    document: live ? { contentType: document.contentType, sizeBytes: document.sizeBytes } : null,
    expiresAt: link.expiresAt.toISOString(),
    expired: link.usedAt === null && !live,
    decision: link.usedAt === null ? null : recordedDecision(invoice),
    signing: farmNft ? { chainId: app.chain.chainId, verifyingContract: farmNft } : null,
  };
}

/** The invoice's amount read on chain, for a link opened before the index has the submission. */
async function amountOnChain(app: ConfirmationDeps, tokenId: bigint): Promise<bigint> {
  const farmNft = app.chain.addresses?.farmNft;
  if (!farmNft) throw notFound("This invoice is not on chain");
  const onChain = await app.chain.publicClient.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getInvoice",
    args: [tokenId],
  });
  return onChain.amount;
}

/** The invoice document behind a live link; 403 once the buyer answered (the link no longer opens it). */
export async function confirmationDocument(
  app: ConfirmationDeps,
  token: string,
  now = new Date(),
): Promise<InvoiceDocumentRow> {
  const { link, invoice } = await openLink(app, token);
  if (link.usedAt !== null)
    throw forbidden("The buyer has answered; the document is no longer open through this link");
  if (!isLive(link, now))
    throw linkGone("LINK_EXPIRED", "This link has expired; ask the farmer to have a new one e-mailed to you");
  const document = await findInvoiceDocument(app.db, invoice.id, "invoice");
  if (!document) throw notFound("This invoice has no document");
  return document;
}

/**
 * Records the buyer's answer once. A wallet signature, when given, must be the EIP-712 BuyerConfirmation of exactly
 * this invoice, amount, due date, document and decision by the named signer (EOAs offline; smart-contract wallets
 * through the chain). The link is spent in the same statement that checks it is live, so two answers cannot both win.
 */
export async function decideConfirmation(
  app: ConfirmationDeps,
  token: string,
  request: ConfirmationDecisionRequest,
  now = new Date(),
): Promise<RecordedBuyerDecision> {
  const opened = await openLink(app, token);
  if (opened.link.usedAt !== null)
    throw conflict("This link has already been used to answer", "LINK_ALREADY_USED");
  if (!isLive(opened.link, now))
    throw linkGone("LINK_EXPIRED", "This link has expired; ask the farmer to have a new one e-mailed to you");
  if (request.signature) {
    await refuseNonBuyerSigner(app, opened.invoice, request.signature.signer);
    await verifyBuyerSignature(app, await viewOf(app, opened, now), request);
  }
  const emailDomain = emailDomainOf(buyerEmailOf(app, opened.invoice) ?? "");

  const decided = await app.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(invoiceConfirmationLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(invoiceConfirmationLinks.id, opened.link.id),
          isNull(invoiceConfirmationLinks.usedAt),
          isNull(invoiceConfirmationLinks.revokedAt),
          gt(invoiceConfirmationLinks.expiresAt, now),
        ),
      )
      .returning({ invoiceId: invoiceConfirmationLinks.invoiceId });
    if (!spent) return null;
    const [row] = await tx
      .update(invoices)
      .set({
        buyerDecision: request.decision,
        buyerDecisionMethod: request.signature ? "wallet_signature" : "link",
        buyerDecidedAt: now,
        buyerSigner: request.signature?.signer ?? null,
        buyerSignature: request.signature?.signature ?? null,
        buyerNote: request.note && request.note.length > 0 ? request.note : null,
        buyerEmailDomain: emailDomain,
      })
      .where(and(eq(invoices.id, spent.invoiceId), isNull(invoices.buyerDecision)))
      .returning();
    if (!row) throw conflict("The buyer has already answered for this invoice", "BUYER_ALREADY_ANSWERED");
    const { farmerAddress, buyerNote: note } = row;
    // The buyer acted on the link mailed to it: its address is verified now, not when a mail scanner opened the link.
    await buyerAddressVerified(tx, row.tokenId!);
    await notifyBuyerDecision(tx, app.emailJobs, app.config, {
      tokenId: row.tokenId!,
      farmerAddress,
      decision: request.decision,
      note,
    });
    return row;
  });
  if (decided === null) throw conflict("This link has already been used to answer", "LINK_ALREADY_USED");
  const recorded = recordedDecision(decided);
  if (!recorded) throw new Error("the recorded decision is incomplete");
  return recorded;
}

/**
 * The buyer's signature must not come from the invoice's farmer, a wallet of another registration of the same person
 * (same e-mail or phone), the operator or an admin: each could otherwise confirm an invoice it has a stake in.
 */
async function refuseNonBuyerSigner(
  app: ConfirmationDeps,
  invoice: InvoiceRow,
  signer: string,
): Promise<void> {
  const refuse = () =>
    new AppError(
      422,
      "SIGNER_NOT_BUYER",
      "This wallet belongs to the invoice's farmer or the platform; only the buyer's own wallet may sign",
    );
  if (isAddressEqual(signer as Hex, invoice.farmerAddress as Hex)) throw refuse();
  const operator = app.chain.operator?.address;
  if (operator && isAddressEqual(signer as Hex, operator)) throw refuse();
  const [farm] = await app.db
    .select({ email: farmers.email, phone: farmers.phone })
    .from(farmers)
    .where(eq(farmers.id, invoice.farmerId));
  if (farm) {
    const sameFarmer = await app.db
      .select({ walletAddress: farmers.walletAddress })
      .from(farmers)
      .where(or(eq(sql`lower(${farmers.email})`, farm.email.toLowerCase()), eq(farmers.phone, farm.phone)));
    if (sameFarmer.some((row) => isAddressEqual(signer as Hex, row.walletAddress as Hex))) throw refuse();
  }
  if ((await app.identity.get(getAddress(signer))).roles.includes("admin")) throw refuse();
}

async function verifyBuyerSignature(
  app: ConfirmationDeps,
  view: ConfirmationView,
  request: ConfirmationDecisionRequest,
): Promise<void> {
  const { signature } = request;
  if (!signature) return;
  const typedData = confirmationTypedData(view, request.decision);
  if (!typedData) throw new AppError(422, "SIGNING_UNAVAILABLE", "Wallet signatures need deployed contracts");
  const input = { ...typedData, address: signature.signer, signature: signature.signature as Hex };
  const valid =
    (await verifyTypedData(input).catch(() => false)) ||
    (await app.chain.publicClient.verifyTypedData(input).catch(() => false));
  if (!valid)
    throw new AppError(
      422,
      "INVALID_SIGNATURE",
      "The signature is not this invoice's confirmation signed by that wallet",
    );
}
