import type { BusinessType, DocumentKind, Farmer, FarmerStatus, PublicFarmer } from "@farm/core";
import type { farmerDocuments, farmers } from "../../db/schema";
import { decryptField, type FieldKeyring } from "../../documents/field-encryption";

export type FarmerRow = typeof farmers.$inferSelect;
export type FarmerDocumentRow = typeof farmerDocuments.$inferSelect;
/** What the answer shows of a document (never its storage key). */
export type FarmerDocumentFacts = Pick<
  FarmerDocumentRow,
  "kind" | "contentType" | "sizeBytes" | "sha256" | "uploadedAt"
>;

/** The full farmer, identifiers decrypted: only for the owner and admins. */
export function toFarmer(
  row: FarmerRow,
  documents: FarmerDocumentFacts[],
  key: Buffer | FieldKeyring,
): Farmer {
  return {
    id: row.id,
    walletAddress: row.walletAddress,
    status: row.status as FarmerStatus,
    personal: {
      fullName: row.fullName,
      nik: decryptField(key, row.nikEncrypted),
      email: row.email,
      phone: row.phone,
      dateOfBirth: row.dateOfBirth,
      address: {
        street: row.street,
        province: row.province,
        city: row.city,
        district: row.district,
        postalCode: row.postalCode,
      },
    },
    business: {
      businessName: row.businessName,
      businessType: row.businessType as BusinessType,
      npwp: decryptField(key, row.npwpEncrypted),
      bankName: row.bankName,
      bankAccountNumber: decryptField(key, row.bankAccountEncrypted),
      bankAccountHolder: row.bankAccountHolder,
      crops: row.crops,
      landAreaHectares: row.landAreaHectares,
      yearsFarming: row.yearsFarming,
    },
    documents: documents.map((document) => ({
      kind: document.kind as DocumentKind,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      sha256: document.sha256,
      uploadedAt: document.uploadedAt.toISOString(),
    })),
    rejectionReason: row.rejectionReason,
    refused: row.refusedItems,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** What any other signed-in wallet sees of an approved farm: business facts, no identifier digit, no contact data. */
export function toPublicFarmer(row: FarmerRow): PublicFarmer {
  return {
    id: row.id,
    walletAddress: row.walletAddress,
    status: row.status as FarmerStatus,
    businessName: row.businessName,
    businessType: row.businessType as BusinessType,
    province: row.province,
    city: row.city,
    crops: row.crops,
    landAreaHectares: row.landAreaHectares,
    yearsFarming: row.yearsFarming,
  };
}
