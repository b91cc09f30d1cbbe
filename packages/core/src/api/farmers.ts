import { z } from "zod";
import { DOCUMENT_KINDS, FARMER_FIELDS } from "../farmer-constants";
import { NOTIFICATION_LANGUAGES } from "../notifications/kind";
import { addressSchema, pageQuerySchema, plainTextSchema } from "./common";

export const farmerStatusSchema = z.enum(["pending_review", "approved", "rejected"]);
export type FarmerStatus = z.infer<typeof farmerStatusSchema>;

export const businessTypeSchema = z.enum(["individual", "cv", "pt", "ud", "cooperative"]);
export type BusinessType = z.infer<typeof businessTypeSchema>;

export const documentKindSchema = z.enum(DOCUMENT_KINDS);

export const farmerFieldSchema = z.enum(FARMER_FIELDS);

/** What a KYC rejection refused: the documents to send again and the fields to type again (the rest is kept). */
export const refusedItemsSchema = z
  .object({ documents: z.array(documentKindSchema), fields: z.array(farmerFieldSchema) })
  .meta({ id: "RefusedItems" });
export type RefusedItems = z.infer<typeof refusedItemsSchema>;

const digitsOnly = (value: string) => value.replace(/[\s.-]/g, "");

/** NIK: the 16-digit Indonesian national identity number. */
export const nikSchema = z.string().regex(/^\d{16}$/, "NIK must be 16 digits");

/** NPWP: 15 digits (old format, often written 12.345.678.9-012.345) or 16 digits (since 2024). */
export const npwpSchema = z
  .string()
  .transform(digitsOnly)
  .pipe(z.string().regex(/^\d{15,16}$/, "NPWP must be 15 or 16 digits"));

/** Indonesian mobile numbers (08…, 628…, +628…), normalised to +628…. */
export const indonesianMobileSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^(?:\+62|62|0)8\d{7,11}$/, "an Indonesian mobile number such as +6281234567890"))
  .transform((value) => `+62${value.replace(/^(?:\+62|62|0)/, "")}`);

const isoDate = z.iso.date();

/** Whole years from a `YYYY-MM-DD` birth date to `today` (UTC). */
export function ageInYears(dateOfBirth: string, today = new Date()): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const monthDiff = today.getUTCMonth() - born.getUTCMonth();
  if (monthDiff < 0 || (monthDiff === 0 && today.getUTCDate() < born.getUTCDate())) age -= 1;
  return age;
}

export const farmerAddressSchema = z.object({
  street: z.string().trim().min(3).max(200),
  province: z.string().trim().min(2).max(100),
  city: z.string().trim().min(2).max(100),
  district: z.string().trim().min(2).max(100),
  postalCode: z.string().regex(/^\d{5}$/, "postal code must be 5 digits"),
});

export const personalInfoSchema = z.object({
  fullName: z.string().trim().min(2).max(120),
  nik: nikSchema,
  email: z.email().max(200),
  phone: indonesianMobileSchema,
  /** KTP holders are at least 17 years old. */
  dateOfBirth: isoDate.refine((value) => {
    const age = ageInYears(value);
    return age >= 17 && age <= 120;
  }, "the farmer must be at least 17 years old"),
  address: farmerAddressSchema,
});

export const businessDetailsSchema = z.object({
  businessName: plainTextSchema(2, 160),
  businessType: businessTypeSchema,
  npwp: npwpSchema,
  bankName: z.string().trim().min(2).max(80),
  bankAccountNumber: z
    .string()
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{6,20}$/, "account number must be 6 to 20 digits")),
  bankAccountHolder: plainTextSchema(2, 120),
  crops: z.array(plainTextSchema(2, 60)).min(1).max(20),
  /** Hectares, up to two decimals. */
  landAreaHectares: z.number().positive().max(100_000),
  yearsFarming: z.number().int().min(0).max(100),
});

/** The JSON of the multipart field `profile` in POST /api/farmers/register. */
export const farmerRegistrationSchema = z
  .object({
    personal: personalInfoSchema,
    business: businessDetailsSchema,
    /** The portal's language at registration, the farmer's e-mails' language; without it a new address is English. */
    language: z.enum(NOTIFICATION_LANGUAGES).optional(),
  })
  .meta({ id: "FarmerRegistration" });
export type FarmerRegistration = z.infer<typeof farmerRegistrationSchema>;

export const registrationResponseSchema = z
  .object({ farmerId: z.uuid(), status: farmerStatusSchema })
  .meta({ id: "FarmerRegistered" });

export const farmerDocumentSchema = z.object({
  kind: documentKindSchema,
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedAt: z.iso.datetime(),
});

/**
 * A farmer as the owner and admins see it. NIK, NPWP and account number are in clear only for them; every other
 * reader gets `publicFarmerSchema`.
 */
export const farmerSchema = z
  .object({
    id: z.uuid(),
    walletAddress: addressSchema,
    status: farmerStatusSchema,
    personal: z.object({
      fullName: z.string(),
      nik: z.string(),
      email: z.string(),
      phone: z.string(),
      dateOfBirth: z.string(),
      address: farmerAddressSchema,
    }),
    business: z.object({
      businessName: z.string(),
      businessType: businessTypeSchema,
      npwp: z.string(),
      bankName: z.string(),
      bankAccountNumber: z.string(),
      bankAccountHolder: z.string(),
      crops: z.array(z.string()),
      landAreaHectares: z.number(),
      yearsFarming: z.number().int(),
    }),
    documents: z.array(farmerDocumentSchema),
    rejectionReason: z.string().nullable(),
    /** Set on a rejection that named what it refused; null otherwise (a reason alone refuses nothing in particular). */
    refused: refusedItemsSchema.nullable(),
    submittedAt: z.iso.datetime(),
    reviewedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Farmer" });
export type Farmer = z.infer<typeof farmerSchema>;

/** What any other signed-in wallet may see of an approved farm: business facts; no identifier, not even in part. */
export const publicFarmerSchema = z
  .object({
    id: z.uuid(),
    walletAddress: addressSchema,
    status: farmerStatusSchema,
    businessName: z.string(),
    businessType: businessTypeSchema,
    province: z.string(),
    city: z.string(),
    crops: z.array(z.string()),
    landAreaHectares: z.number(),
    yearsFarming: z.number().int(),
  })
  .meta({ id: "PublicFarmer" });
export type PublicFarmer = z.infer<typeof publicFarmerSchema>;

export const farmerIdParamsSchema = z.object({ id: z.uuid() });
export const farmerDocumentParamsSchema = z.object({ id: z.uuid(), kind: documentKindSchema });

export const adminFarmerQuerySchema = pageQuerySchema.extend({ status: farmerStatusSchema.optional() });

export const farmerPageSchema = z
  .object({ items: z.array(farmerSchema), nextCursor: z.string().nullable() })
  .meta({ id: "FarmerPage" });

/**
 * A KYC rejection: a reason the farmer reads and/or the documents and fields refused (each named once); at least one
 * of the two. `{reason}` alone, the older body, stays valid.
 */
export const rejectFarmerRequestSchema = z
  .object({
    reason: z.string().trim().min(3).max(500).optional(),
    refused: z
      .object({
        documents: z.array(documentKindSchema).max(documentKindSchema.options.length).default([]),
        fields: z.array(farmerFieldSchema).max(farmerFieldSchema.options.length).default([]),
      })
      .optional(),
  })
  .refine(
    (body) =>
      body.reason !== undefined ||
      (body.refused !== undefined && body.refused.documents.length + body.refused.fields.length > 0),
    { message: "give a reason or at least one refused document or field", path: ["reason"] },
  )
  .meta({ id: "RejectFarmer" });
export type RejectFarmerRequest = z.input<typeof rejectFarmerRequestSchema>;
