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
import { deleteStoredDocuments, type StoredDocument, storeCheckedDocument } from "../../documents/storage";
import { badRequest } from "../../errors";
import { pathOfNul } from "../../plugins/input-guard";
import {
  answerRetry,
  earlierSubmission,
  hashOfRequest,
  type SubmittingFarmer,
  submitInvoice,
} from "./submit";

/** What an invoice submission uses. */
export type UploadDeps = Pick<FastifyInstance, "db" | "chain" | "config" | "storage" | "log">;

function parseInvoiceField(text: string): SubmitInvoiceRequest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest("The invoice field is not valid JSON");
  }
  const nul = pathOfNul(json);
  if (nul)
    throw badRequest("Text may not contain NUL characters", {
      issues: [{ path: nul, message: "contains a NUL character" }],
    });
  const parsed = submitInvoiceRequestSchema.safeParse(json);
  if (!parsed.success) {
    // Paths and messages only: the buyer's contact must not be echoed or logged.
    throw badRequest("Invalid invoice", {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    });
  }
  return parsed.data;
}

/** Reads a retry's parts without storing its files; returns its invoice field, when it has a valid one. */
async function drainForInvoice(
  parts: AsyncIterableIterator<Multipart>,
): Promise<SubmitInvoiceRequest | null> {
  let input: SubmitInvoiceRequest | null = null;
  for await (const part of parts) {
    if (part.type === "file") part.file.resume();
    else if (part.fieldname === "invoice" && input === null) input = parseInvoiceField(String(part.value));
  }
  return input;
}

/**
 * `POST /api/invoices` as multipart: field `invoice` (SubmitInvoiceRequest JSON), file `document` (the invoice,
 * required) and file `deliveryProof` (optional), in any order. Each file streams to storage while its type, size and
 * SHA-256 are checked (the KYC documents' rules and code); then the invoice is tokenised with the document's SHA-256.
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
    const retried = await drainForInvoice(parts);
    return answerRetry(app.db, app.chain, earlier, retried ? hashOfRequest(retried) : null);
  }
  const storedKeys: string[] = [];
  const documents = new Map<InvoiceDocumentKind, StoredDocument & { kind: InvoiceDocumentKind }>();
  let input: SubmitInvoiceRequest | undefined;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldname !== "invoice") throw badRequest(`Unexpected field ${part.fieldname}`);
        if (input !== undefined) throw badRequest("The invoice field was sent twice");
        input = parseInvoiceField(String(part.value));
        continue;
      }
      const kind = invoiceDocumentKindSchema.safeParse(fileKinds[part.fieldname]);
      if (!kind.success)
        throw badRequest(`Unexpected file ${part.fieldname}; send document and optionally deliveryProof`);
      if (documents.has(kind.data)) throw badRequest(`${part.fieldname} was sent twice`);
      const stored = await storeCheckedDocument(
        app.storage,
        part.file,
        "invoice-documents",
        kind.data,
        invoiceDocumentRules[kind.data],
        storedKeys,
      );
      documents.set(kind.data, { kind: kind.data, ...stored });
    }
    if (input === undefined) throw badRequest("The invoice field is missing");
    if (!documents.has("invoice"))
      throw badRequest("The invoice document is missing: send it as the file `document`", {
        missing: ["document"],
      });
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

/** Multipart file name -> evidence kind: the invoice itself is sent as `document`. */
const fileKinds: Record<string, InvoiceDocumentKind> = {
  document: "invoice",
  deliveryProof: "deliveryProof",
};
