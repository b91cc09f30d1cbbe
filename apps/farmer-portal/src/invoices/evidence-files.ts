import type { SubmitInvoiceRequest } from "@farm/core";
import { type InvoiceDocumentKind, invoiceDocumentRules, type SubmitInvoiceResponse } from "@farm/core";
import { checkFile, type FileProblem, megabytesOfRule, type UploadProgress, uploadForm } from "@farm/ui";

export type ChosenEvidence = Record<InvoiceDocumentKind, File | null>;
export const noEvidence: ChosenEvidence = { invoice: null, deliveryProof: null };

/** The invoice itself is required, the proof of delivery optional; each is checked with the backend's rules. */
export function evidenceProblem(
  kind: InvoiceDocumentKind,
  file: File | null,
): FileProblem | "missing" | null {
  if (!file) return kind === "invoice" ? "missing" : null;
  return checkFile(invoiceDocumentRules[kind], file);
}

export const evidenceMegabytes = (kind: InvoiceDocumentKind) => megabytesOfRule(invoiceDocumentRules[kind]);

/**
 * `POST /api/invoices` as multipart: the terms as field `invoice`, then file `document` (the invoice) and, when
 * chosen, `deliveryProof`. The Idempotency-Key makes a retry after a lost answer return the first invoice.
 */
export function submitInvoiceWithEvidence(
  request: SubmitInvoiceRequest,
  evidence: ChosenEvidence,
  idempotencyKey: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<SubmitInvoiceResponse> {
  const form = new FormData();
  form.append("invoice", JSON.stringify(request));
  if (evidence.invoice) form.append("document", evidence.invoice, evidence.invoice.name);
  if (evidence.deliveryProof)
    form.append("deliveryProof", evidence.deliveryProof, evidence.deliveryProof.name);
  return uploadForm<SubmitInvoiceResponse>("/invoices", form, onProgress, {
    "idempotency-key": idempotencyKey,
  });
}
