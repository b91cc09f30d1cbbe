import {
  type DocumentKind,
  documentKindSchema,
  documentRules,
  type FarmerRegistration,
  type FarmerStatus,
  farmerRegistrationSchema,
} from "@farm/core";
import type { Multipart } from "@fastify/multipart";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { farmerDocuments, farmers } from "../../db/schema";
import { encryptField, type FieldKeyring, fieldKeys } from "../../documents/field-encryption";
import { type DocumentForm, readDocumentForm } from "../../documents/multipart";
import { deleteStoredDocuments } from "../../documents/storage";
import { badRequest, conflict } from "../../errors";
import { isUniqueViolation } from "../../errors/pg";
import { notifyFarmerRegistered } from "../../notifications/actions";

/** What a registration uses. */
export type RegistrationDeps = Pick<
  FastifyInstance,
  "db" | "config" | "storage" | "identity" | "log" | "emailJobs"
>;

const alreadyRegistered = () =>
  conflict("This wallet has already registered as a farmer", "FARMER_ALREADY_REGISTERED");

/** The registration's form: field `profile` and files `ktp`, `npwp`, `bankStatement`. */
const registrationForm: DocumentForm<FarmerRegistration, DocumentKind> = {
  field: "profile",
  schema: farmerRegistrationSchema,
  kindOf: (partName) => {
    const kind = documentKindSchema.safeParse(partName);
    return kind.success ? kind.data : undefined;
  },
  expectedFiles: "send ktp, npwp and bankStatement",
  rules: documentRules,
  folder: "farmer-documents",
};

/** The documents of a refused registration that may be kept: those stored and not refused. */
async function keptDocumentKinds(
  app: RegistrationDeps,
  farmerId: string,
  refused: readonly DocumentKind[],
): Promise<DocumentKind[]> {
  const rows = await app.db
    .select({ kind: farmerDocuments.kind })
    .from(farmerDocuments)
    .where(eq(farmerDocuments.farmerId, farmerId));
  return documentKindSchema.options.filter(
    (kind) => !refused.includes(kind) && rows.some((row) => row.kind === kind),
  );
}

function profileColumns(profile: FarmerRegistration, key: FieldKeyring) {
  const { personal, business } = profile;
  return {
    fullName: personal.fullName,
    nikEncrypted: encryptField(key, personal.nik),
    email: personal.email,
    phone: personal.phone,
    dateOfBirth: personal.dateOfBirth,
    street: personal.address.street,
    province: personal.address.province,
    city: personal.address.city,
    district: personal.address.district,
    postalCode: personal.address.postalCode,
    businessName: business.businessName,
    businessType: business.businessType,
    npwpEncrypted: encryptField(key, business.npwp),
    bankName: business.bankName,
    bankAccountEncrypted: encryptField(key, business.bankAccountNumber),
    bankAccountHolder: business.bankAccountHolder,
    crops: business.crops,
    landAreaHectares: business.landAreaHectares,
    yearsFarming: business.yearsFarming,
  };
}

/**
 * Registers the signed-in wallet as a farmer from a multipart stream: field `profile` (JSON) and files `ktp`,
 * `npwp`, `bankStatement` in any order. Each file streams to storage under a random key while its type, size and
 * SHA-256 are checked; the profile and document rows are written in one transaction at the end. On any failure
 * every stored object is deleted, so nothing is left behind. A rejected farmer may register again (re-submit): the
 * documents the rejection did not refuse may be left out and are kept; refused ones must be sent again.
 */
export async function registerFarmer(
  app: RegistrationDeps,
  walletAddress: string,
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ farmerId: string; status: FarmerStatus }> {
  const [existing] = await app.db
    .select({ id: farmers.id, status: farmers.status, refusedItems: farmers.refusedItems })
    .from(farmers)
    .where(eq(farmers.walletAddress, walletAddress));
  if (existing && existing.status !== "rejected") throw alreadyRegistered();
  const kept = existing
    ? await keptDocumentKinds(app, existing.id, existing.refusedItems?.documents ?? [])
    : [];

  const storedKeys: string[] = [];
  try {
    const { field: profile, documents } = await readDocumentForm(
      app.storage,
      parts,
      registrationForm,
      storedKeys,
    );
    const missing = documentKindSchema.options.filter((kind) => !documents.has(kind) && !kept.includes(kind));
    if (missing.length > 0) throw badRequest(`Missing documents: ${missing.join(", ")}`, { missing });

    const columns = profileColumns(profile, fieldKeys(app.config));
    const replacedKeys: string[] = [];
    const farmerId = await app.db.transaction(async (tx) => {
      let id: string;
      if (existing) {
        const [updated] = await tx
          .update(farmers)
          .set({
            ...columns,
            status: "pending_review",
            rejectionReason: null,
            refusedItems: null,
            reviewedAt: null,
            reviewedBy: null,
            submittedAt: new Date(),
          })
          .where(and(eq(farmers.id, existing.id), eq(farmers.status, "rejected")))
          .returning({ id: farmers.id });
        if (!updated) throw alreadyRegistered();
        id = updated.id;
        // Only the documents sent again are replaced; the others stay as the admin saw them.
        const sentKinds = [...documents.keys()];
        const previous =
          sentKinds.length === 0
            ? []
            : await tx
                .delete(farmerDocuments)
                .where(and(eq(farmerDocuments.farmerId, id), inArray(farmerDocuments.kind, sentKinds)))
                .returning({ storageKey: farmerDocuments.storageKey });
        replacedKeys.push(...previous.map((document) => document.storageKey));
      } else {
        const [inserted] = await tx
          .insert(farmers)
          .values({ ...columns, walletAddress, status: "pending_review", submittedAt: new Date() })
          .returning({ id: farmers.id });
        id = inserted!.id;
      }
      if (documents.size > 0)
        await tx
          .insert(farmerDocuments)
          .values([...documents.values()].map((document) => ({ ...document, farmerId: id })));
      // A kept document deleted meanwhile would leave the registration short of one: refuse it all, write nothing.
      const stored = await tx
        .select({ kind: farmerDocuments.kind })
        .from(farmerDocuments)
        .where(eq(farmerDocuments.farmerId, id));
      const absent = documentKindSchema.options.filter((kind) => !stored.some((row) => row.kind === kind));
      if (absent.length > 0) throw badRequest(`Missing documents: ${absent.join(", ")}`, { missing: absent });
      await notifyFarmerRegistered(tx, app.emailJobs, app.config, {
        wallet: walletAddress,
        email: columns.email,
        farm: columns.businessName,
        submittedAt: new Date(),
        language: profile.language,
      });
      return id;
    });
    await app.identity.invalidate(walletAddress);
    for (const key of replacedKeys) {
      await app.storage
        .delete(key)
        .catch((error: unknown) => app.log.warn({ err: error }, "old document not deleted"));
    }
    return { farmerId, status: "pending_review" };
  } catch (error) {
    await deleteStoredDocuments(app.storage, storedKeys, app.log);
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
