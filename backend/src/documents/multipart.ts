import type { Multipart } from "@fastify/multipart";
import type { z } from "zod";
import type { ObjectStorage } from "../adapters/storage";
import { AppError, badRequest } from "../errors";
import { pathOfNul } from "../plugins/input-guard";
import type { DocumentRule } from "./inspector";
import { type StoredDocument, storeCheckedDocument } from "./storage";

/** A document of a form, stored and checked, with the kind its part's name stands for. */
export type UploadedDocument<Kind extends string> = StoredDocument & { kind: Kind };

/**
 * A multipart form of one JSON field and documents (farmer registration, invoice evidence, investor verification):
 * the field's name and schema, which file part names are which kinds of document, their rules and storage folder.
 */
export interface DocumentForm<Field, Kind extends string> {
  field: string;
  schema: z.ZodType<Field>;
  /** The kind a file part's name stands for; undefined for a name the form does not take. */
  kindOf(partName: string): Kind | undefined;
  /** The files the form takes, for the error naming an unexpected one ("send ktp, npwp and bankStatement"). */
  expectedFiles: string;
  rules: Readonly<Record<Kind, DocumentRule>>;
  folder: string;
  /** The error of a field that breaks its schema's rules; a 400 when not given. */
  invalid?: (message: string, details: unknown) => AppError;
}

/** A field longer than the form's limit arrives cut: it is too large (413), not "invalid JSON". */
const fieldTooLarge = (field: string) =>
  new AppError(413, "PAYLOAD_TOO_LARGE", `The ${field} field is larger than this form allows`);

/** A form's JSON field, parsed and validated; a 400 says which part is wrong. */
export function parseJsonField<Field>(
  form: Pick<DocumentForm<Field, string>, "field" | "schema" | "invalid">,
  text: string,
) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest(`The ${form.field} field is not valid JSON`);
  }
  const nul = pathOfNul(json);
  if (nul)
    throw badRequest("Text may not contain NUL characters", {
      issues: [{ path: nul, message: "contains a NUL character" }],
    });
  const parsed = form.schema.safeParse(json);
  if (!parsed.success) {
    // Paths and messages only: rejected values may be identity numbers or a contact, never echoed or logged.
    const details = {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    };
    throw (form.invalid ?? badRequest)(`Invalid ${form.field}`, details);
  }
  return parsed.data;
}

/**
 * Reads a form's parts in any order: the JSON field once, each document once, streamed to storage while its type,
 * size and SHA-256 are checked. Every stored key goes into `storedKeys` first, so the caller deletes them all when
 * anything fails (this read included). Which documents are required is the caller's rule.
 */
export async function readDocumentForm<Field, Kind extends string>(
  storage: ObjectStorage,
  parts: AsyncIterableIterator<Multipart>,
  form: DocumentForm<Field, Kind>,
  storedKeys: string[],
): Promise<{ field: Field; documents: Map<Kind, UploadedDocument<Kind>> }> {
  const documents = new Map<Kind, UploadedDocument<Kind>>();
  let field: Field | undefined;
  for await (const part of parts) {
    if (part.type === "field") {
      if (part.fieldname !== form.field) throw badRequest(`Unexpected field ${part.fieldname}`);
      if (field !== undefined) throw badRequest(`The ${form.field} field was sent twice`);
      if (part.valueTruncated) throw fieldTooLarge(form.field);
      field = parseJsonField(form, String(part.value));
      continue;
    }
    const kind = form.kindOf(part.fieldname);
    if (kind === undefined) throw badRequest(`Unexpected file ${part.fieldname}; ${form.expectedFiles}`);
    if (documents.has(kind)) throw badRequest(`${part.fieldname} was sent twice`);
    const stored = await storeCheckedDocument(
      storage,
      part.file,
      form.folder,
      kind,
      form.rules[kind],
      storedKeys,
    );
    documents.set(kind, { kind, ...stored });
  }
  if (field === undefined) throw badRequest(`The ${form.field} field is missing`);
  return { field, documents };
}

/** Reads a retried form's parts without storing its files; returns its field when it has a valid one. */
export async function drainDocumentForm<Field>(
  parts: AsyncIterableIterator<Multipart>,
  form: Pick<DocumentForm<Field, string>, "field" | "schema">,
): Promise<Field | null> {
  let field: Field | null = null;
  for await (const part of parts) {
    if (part.type === "file") part.file.resume();
    else if (part.fieldname === form.field && field === null) {
      if (part.valueTruncated) throw fieldTooLarge(form.field);
      field = parseJsonField(form, String(part.value));
    }
  }
  return field;
}

/**
 * @fastify/multipart's limits for a form: per-kind sizes are enforced while streaming, so the outer file bound is
 * just above the largest kind's, stopping anything larger early.
 */
export function documentFormLimits(
  rules: Readonly<Record<string, DocumentRule>>,
  counts: { files: number; fields: number; fieldSize: number },
) {
  const largest = Math.max(...Object.values(rules).map((rule) => rule.maxBytes));
  return {
    fileSize: largest + 1,
    files: counts.files,
    fields: counts.fields,
    parts: counts.files + counts.fields,
    fieldSize: counts.fieldSize,
    headerPairs: 100,
  };
}
