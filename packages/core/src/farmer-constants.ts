// Plain constants of a farmer's registration, apart from the zod schemas (see invoice-constants.ts).

/** Multipart field names of the three KYC documents, also the `:kind` of the download route. */
export const DOCUMENT_KINDS = ["ktp", "npwp", "bankStatement"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Accepted types (checked from the bytes) and size limit of each document. */
export const documentRules = {
  ktp: { mimeTypes: ["image/jpeg", "image/png", "application/pdf"], maxBytes: 5 * 1024 * 1024 },
  npwp: { mimeTypes: ["image/jpeg", "image/png", "application/pdf"], maxBytes: 5 * 1024 * 1024 },
  bankStatement: { mimeTypes: ["application/pdf"], maxBytes: 10 * 1024 * 1024 },
} as const satisfies Record<DocumentKind, { mimeTypes: readonly string[]; maxBytes: number }>;

/** The nineteen fields of a registration, as the form names them; an admin may refuse any of them. */
export const FARMER_FIELDS = [
  "fullName",
  "nik",
  "email",
  "phone",
  "dateOfBirth",
  "street",
  "province",
  "city",
  "district",
  "postalCode",
  "businessName",
  "businessType",
  "npwp",
  "bankName",
  "bankAccountNumber",
  "bankAccountHolder",
  "crops",
  "landAreaHectares",
  "yearsFarming",
] as const;
export type FarmerField = (typeof FARMER_FIELDS)[number];
