import {
  type DocumentKind,
  documentKindSchema,
  documentRules,
  type FarmerRegistration,
  type FarmerStatus,
  farmerRegistrationSchema,
} from "@farm/core";
import type { Multipart } from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { isUniqueViolation } from "../../adapters/db/pg-errors";
import { farmerDocuments, farmers } from "../../db/schema";
import { badRequest, conflict } from "../../errors";
import { notifyFarmerRegistered } from "../../notifications/actions";
import { pathOfNul } from "../../plugins/input-guard";
import { encryptField, type FieldKeyring, fieldKeys } from "./field-encryption";
import { deleteStoredDocuments, type StoredDocument, storeCheckedDocument } from "./stored-document";

/** What a registration uses. */
export type RegistrationDeps = Pick<FastifyInstance, "db" | "config" | "storage" | "identity" | "log">;

interface UploadedDocument extends StoredDocument {
  kind: DocumentKind;
}

const alreadyRegistered = () =>
  conflict("This wallet has already registered as a farmer", "FARMER_ALREADY_REGISTERED");

function parseProfile(text: string): FarmerRegistration {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest("The profile field is not valid JSON");
  }
  const nul = pathOfNul(json);
  if (nul)
    throw badRequest("Text may not contain NUL characters", {
      issues: [{ path: nul, message: "contains a NUL character" }],
    });
  const parsed = farmerRegistrationSchema.safeParse(json);
  if (!parsed.success) {
    // Paths and messages only: the rejected values may be identity numbers and must not be echoed or logged.
    throw badRequest("Invalid profile", {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    });
  }
  return parsed.data;
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
 * every stored object is deleted, so nothing is left behind. A rejected farmer may register again (re-submit).
 */
export async function registerFarmer(
  app: RegistrationDeps,
  walletAddress: string,
  parts: AsyncIterableIterator<Multipart>,
): Promise<{ farmerId: string; status: FarmerStatus }> {
  const [existing] = await app.db
    .select({ id: farmers.id, status: farmers.status })
    .from(farmers)
    .where(eq(farmers.walletAddress, walletAddress));
  if (existing && existing.status !== "rejected") throw alreadyRegistered();

  const storedKeys: string[] = [];
  const documents = new Map<DocumentKind, UploadedDocument>();
  let profile: FarmerRegistration | undefined;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (part.fieldname !== "profile") throw badRequest(`Unexpected field ${part.fieldname}`);
        if (profile !== undefined) throw badRequest("The profile field was sent twice");
        profile = parseProfile(String(part.value));
        continue;
      }
      const kind = documentKindSchema.safeParse(part.fieldname);
      if (!kind.success)
        throw badRequest(`Unexpected file ${part.fieldname}; send ktp, npwp and bankStatement`);
      if (documents.has(kind.data)) throw badRequest(`${kind.data} was sent twice`);
      const stored = await storeCheckedDocument(
        app.storage,
        part.file,
        "farmer-documents",
        kind.data,
        documentRules[kind.data],
        storedKeys,
      );
      documents.set(kind.data, { kind: kind.data, ...stored });
    }
    if (profile === undefined) throw badRequest("The profile field is missing");
    const missing = documentKindSchema.options.filter((kind) => !documents.has(kind));
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
            reviewedAt: null,
            reviewedBy: null,
            submittedAt: new Date(),
          })
          .where(and(eq(farmers.id, existing.id), eq(farmers.status, "rejected")))
          .returning({ id: farmers.id });
        if (!updated) throw alreadyRegistered();
        id = updated.id;
        const previous = await tx
          .delete(farmerDocuments)
          .where(eq(farmerDocuments.farmerId, id))
          .returning({ storageKey: farmerDocuments.storageKey });
        replacedKeys.push(...previous.map((document) => document.storageKey));
      } else {
        const [inserted] = await tx
          .insert(farmers)
          .values({ ...columns, walletAddress, status: "pending_review", submittedAt: new Date() })
          .returning({ id: farmers.id });
        id = inserted!.id;
      }
      await tx
        .insert(farmerDocuments)
        .values([...documents.values()].map((document) => ({ ...document, farmerId: id })));
      await notifyFarmerRegistered(tx, app.config, {
        wallet: walletAddress,
        email: columns.email,
        farm: columns.businessName,
        submittedAt: new Date(),
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
