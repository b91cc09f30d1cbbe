import {
  type InvoiceDocumentKind,
  invoiceDocumentKindSchema,
  invoiceDocumentRules,
  type SubmitInvoiceRequest,
  type SubmitInvoiceResponse,
  submitInvoiceRequestSchema,
} from "@farm/core";
import type { Multipart } from "@fastify/multipart";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { invoiceDocuments } from "../../db/schema/invoices";
import { encryptField, fieldKeys } from "../../documents/field-encryption";
import { type DocumentForm, drainDocumentForm, readDocumentForm } from "../../documents/multipart";
import { deleteStoredDocuments } from "../../documents/storage";
import { badRequest } from "../../errors";
import { notifyDocumentReused } from "../../notifications/actions";
import { refuseFarmerAsBuyer } from "./buyer-not-farmer";
import { checkDocumentReuse } from "./duplicates";
import { checkFeeCap } from "./fee-cap";
import { checkFarmerSubmissionLimits, checkInvoiceSize } from "./limits";
import {
  answerRetry,
  earlierSubmission,
  hashOfRequest,
  type SubmittingFarmer,
  submitInvoice,
} from "./submit";

/** What an invoice submission uses. */
export type UploadDeps = Pick<FastifyInstance, "db" | "chain" | "config" | "storage" | "log" | "emailJobs">;

/** Multipart file name -> evidence kind: the invoice itself is sent as `document`. */
const fileKinds: Record<string, InvoiceDocumentKind> = {
  document: "invoice",
  deliveryProof: "deliveryProof",
};

/** The submission's form: field `invoice`, file `document` (the invoice itself) and optionally `deliveryProof`. */
const invoiceForm: DocumentForm<SubmitInvoiceRequest, InvoiceDocumentKind> = {
  field: "invoice",
  schema: submitInvoiceRequestSchema,
  kindOf: (partName) => {
    const kind = invoiceDocumentKindSchema.safeParse(fileKinds[partName]);
    return kind.success ? kind.data : undefined;
  },
  expectedFiles: "send document and optionally deliveryProof",
  rules: invoiceDocumentRules,
  folder: "invoice-documents",
};

/**
 * `POST /api/invoices` as multipart: field `invoice` (SubmitInvoiceRequest JSON), file `document` (the invoice,
 * required) and file `deliveryProof` (optional), in any order. Each file streams to storage while its type, size and
 * SHA-256 are checked (the KYC documents' rules and code); a document already on one of the farmer's invoices is
 * refused, one on another farmer's is tokenised and flagged to the admins; a buyer contact that is the farmer's own
 * e-mail or phone is refused (422 BUYER_CONTACT_IS_FARMER); then the invoice is tokenised with the document's SHA-256.
 * On any failure every stored object is deleted, and so is any object a concurrent retry made redundant.
 */
export async function submitInvoiceWithEvidence(
  app: UploadDeps,
  farmer: SubmittingFarmer,
  parts: AsyncIterableIterator<Multipart>,
  idempotencyKey: string | undefined,
): Promise<SubmitInvoiceResponse> {
  const earlier = await earlierSubmission(app.db, farmer.id, idempotencyKey);
  if (earlier) {
    const retried = await drainDocumentForm(parts, invoiceForm);
    return answerRetry(app.db, app.chain, earlier, retried ? hashOfRequest(retried) : null);
  }
  await checkFarmerSubmissionLimits(app.db, app.config.invoiceRules, farmer.id);
  const storedKeys: string[] = [];
  try {
    const { field: input, documents } = await readDocumentForm(app.storage, parts, invoiceForm, storedKeys);
    checkInvoiceSize(app.config.invoiceRules, input);
    await checkFeeCap(app.chain, input);
    await refuseFarmerAsBuyer(app.db, app.config, farmer.id, input.buyerContact, false);
    if (!documents.has("invoice"))
      throw badRequest("The invoice document is missing: send it as the file `document`", {
        missing: ["document"],
      });
    const reusedBy = await checkDocumentReuse(app.db, farmer.id, documents.get("invoice")!.sha256);
    const answer = await submitInvoice(
      app.db,
      app.chain,
      farmer,
      input,
      {
        documents: [...documents.values()],
        buyerContactEncrypted: encryptField(fieldKeys(app.config), input.buyerContact),
      },
      idempotencyKey,
    );
    if (reusedBy.length > 0)
      await notifyDocumentReused(app.db, app.emailJobs, app.config, {
        tokenId: BigInt(answer.tokenId),
        reusedBy,
      });
    // A concurrent retry with the same key may have answered with its own invoice: our files are then not needed.
    const kept = await app.db
      .select({ storageKey: invoiceDocuments.storageKey })
      .from(invoiceDocuments)
      .where(inArray(invoiceDocuments.storageKey, storedKeys));
    const keptKeys = new Set(kept.map((row) => row.storageKey));
    await deleteStoredDocuments(
      app.storage,
      storedKeys.filter((key) => !keptKeys.has(key)),
      app.log,
    );
    return answer;
  } catch (error) {
    await deleteStoredDocuments(app.storage, storedKeys, app.log);
    throw error;
  }
}
