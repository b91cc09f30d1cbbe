import {
  DOCUMENT_KINDS,
  type DocumentKind,
  FARMER_FIELDS,
  type Farmer,
  type FarmerField,
  type RefusedItems,
} from "@farm/core";
import type { Translate } from "@farm/ui";

export const refusableDocuments: readonly DocumentKind[] = DOCUMENT_KINDS;
export const refusableFields: readonly FarmerField[] = FARMER_FIELDS;

/** The refused documents and fields by the names the form gives them, documents first. */
export function refusedItemNames(refused: RefusedItems | null, t: Translate): string[] {
  if (!refused) return [];
  return [
    ...refused.documents.map((kind) => t(`register.document.${kind}`)),
    ...refused.fields.map((field) => t(`register.field.${field}`)),
  ];
}

/**
 * The documents a new registration after this rejection may leave out: stored with the refused one and not refused.
 * The backend keeps exactly these (POST /api/farmers/register).
 */
export function keptDocuments(farmer: Pick<Farmer, "documents" | "refused"> | undefined): Set<DocumentKind> {
  if (!farmer) return new Set();
  const refused = farmer.refused?.documents ?? [];
  return new Set(farmer.documents.map((document) => document.kind).filter((kind) => !refused.includes(kind)));
}
