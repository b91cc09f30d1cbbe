import {
  documentRules,
  type InvestorVerificationRequest,
  investorVerificationRequestSchema,
} from "@farm/core";
import type { Multipart } from "@fastify/multipart";
import { and, eq, gt, gte, inArray, lt, ne, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../adapters/db/database";
import { chainCredentials, investorVerifications } from "../../db/schema";
import { encryptField, fieldKeys } from "../../documents/field-encryption";
import { type DocumentForm, readDocumentForm } from "../../documents/multipart";
import { deleteStoredDocuments } from "../../documents/storage";
import { AppError, badRequest, conflict } from "../../errors";
import { isUniqueViolation } from "../../errors/pg";
import { notifyInvestorVerificationSent } from "../../notifications/investor-actions";
import { nikHash, nikHashes } from "./nik-lookup";

export type VerificationDeps = Pick<FastifyInstance, "db" | "config" | "storage" | "log" | "emailJobs">;

const nikTaken = () =>
  conflict(
    "This NIK is already verified (or waiting for review) with another wallet. One NIK can verify one wallet; if you lost that wallet, ask an admin to move the verification to this one.",
    "NIK_ALREADY_VERIFIED",
  );
const alreadyPending = () =>
  conflict("This wallet already has a verification waiting for review", "VERIFICATION_PENDING");

/** The form: field `verification` (JSON) and the file `ktp`; a broken field rule is a 422 naming the field. */
const verificationForm: DocumentForm<InvestorVerificationRequest, "ktp"> = {
  field: "verification",
  schema: investorVerificationRequestSchema,
  kindOf: (partName) => (partName === "ktp" ? "ktp" : undefined),
  expectedFiles: "send ktp",
  rules: { ktp: documentRules.ktp },
  folder: "investor-documents",
  invalid: (message, details) => new AppError(422, "VERIFICATION_INVALID", message, details),
};

/**
 * A refusal before anything is stored: another wallet holds the NIK (a verification waiting for review, an approval
 * whose credential has not ended on the chain's clock, or a live credential on chain from a row it superseded).
 */
async function checkNotTaken(
  db: Executor,
  wallet: string,
  hashes: string[],
  nowSeconds: number,
): Promise<void> {
  const active = await db
    .select({ wallet: investorVerifications.walletAddress, status: investorVerifications.status })
    .from(investorVerifications)
    .where(
      and(
        inArray(investorVerifications.nikHash, hashes),
        or(
          eq(investorVerifications.status, "pending"),
          and(
            eq(investorVerifications.status, "approved"),
            gte(investorVerifications.validUntil, nowSeconds),
          ),
        ),
      ),
    );
  if (active.some((row) => row.wallet !== wallet)) throw nikTaken();
  // A renewal supersedes the approved row at once while its credential stays on chain until the new decision: another
  // wallet that ever sent this NIK and still holds a live credential holds the NIK too (else a renewal under another
  // NIK would free this one for a second verified wallet of the same person).
  const [live] = await db
    .select({ wallet: investorVerifications.walletAddress })
    .from(investorVerifications)
    .innerJoin(chainCredentials, eq(chainCredentials.wallet, investorVerifications.walletAddress))
    .where(
      and(
        inArray(investorVerifications.nikHash, hashes),
        ne(investorVerifications.walletAddress, wallet),
        gt(chainCredentials.tier, 0),
        gte(chainCredentials.validUntil, nowSeconds),
      ),
    )
    .limit(1);
  if (live) throw nikTaken();
}

/**
 * Records a wallet's verification from a multipart stream (field `verification`, file `ktp`): the KTP streams to
 * storage typed by its bytes, name, NIK and date of birth are encrypted, and the row is written in one transaction;
 * on any failure the stored file is deleted. A wallet already approved may send a new one (a renewal or a changed
 * income): its approved row is superseded, the credential on chain stays until the new decision (decision 0051).
 */
export async function submitVerification(
  app: VerificationDeps,
  wallet: string,
  parts: AsyncIterableIterator<Multipart>,
  chainNow: Date,
): Promise<{ id: string; status: "pending" }> {
  const nowSeconds = Math.floor(chainNow.getTime() / 1000);
  const [pending] = await app.db
    .select({ id: investorVerifications.id })
    .from(investorVerifications)
    .where(and(eq(investorVerifications.walletAddress, wallet), eq(investorVerifications.status, "pending")));
  if (pending) throw alreadyPending();
  const keys = fieldKeys(app.config);
  const storedKeys: string[] = [];
  try {
    const { field, documents } = await readDocumentForm(app.storage, parts, verificationForm, storedKeys);
    const ktp = documents.get("ktp");
    if (!ktp) throw badRequest("Missing documents: ktp", { missing: ["ktp"] });
    const hashes = nikHashes(keys, field.nik);
    await checkNotTaken(app.db, wallet, hashes, nowSeconds);
    const submittedAt = new Date();
    const id = await app.db.transaction(async (tx) => {
      await tx
        .update(investorVerifications)
        .set({ status: "superseded" })
        .where(
          and(eq(investorVerifications.walletAddress, wallet), eq(investorVerifications.status, "approved")),
        );
      // A person whose approval on a lost wallet has ended verifies afresh here: the ended approval is released (its
      // credential on chain has expired, so the old wallet can receive nothing; its shares stay redeemable by it).
      await tx
        .update(investorVerifications)
        .set({ status: "superseded" })
        .where(
          and(
            inArray(investorVerifications.nikHash, hashes),
            eq(investorVerifications.status, "approved"),
            lt(investorVerifications.validUntil, nowSeconds),
          ),
        );
      await checkNotTaken(tx, wallet, hashes, nowSeconds);
      const [row] = await tx
        .insert(investorVerifications)
        .values({
          walletAddress: wallet,
          status: "pending",
          fullNameEncrypted: encryptField(keys, field.fullName),
          nikEncrypted: encryptField(keys, field.nik),
          nikHash: nikHash(keys, field.nik),
          dateOfBirthEncrypted: encryptField(keys, field.dateOfBirth),
          annualIncomeRupiah: BigInt(field.annualIncomeRupiah),
          tier: field.tier,
          professionalReason: field.tier === "professional" ? (field.professionalReason ?? null) : null,
          ktpStorageKey: ktp.storageKey,
          ktpContentType: ktp.contentType,
          ktpSizeBytes: ktp.sizeBytes,
          ktpSha256: ktp.sha256,
          submittedAt,
        })
        .returning({ id: investorVerifications.id });
      await notifyInvestorVerificationSent(tx, app.emailJobs, app.config, { wallet, submittedAt });
      return row!.id;
    });
    return { id, status: "pending" };
  } catch (error) {
    await deleteStoredDocuments(app.storage, storedKeys, app.log);
    if (isUniqueViolation(error)) {
      const [stillPending] = await app.db
        .select({ id: investorVerifications.id })
        .from(investorVerifications)
        .where(
          and(eq(investorVerifications.walletAddress, wallet), eq(investorVerifications.status, "pending")),
        );
      throw stillPending ? alreadyPending() : nikTaken();
    }
    throw error;
  }
}
