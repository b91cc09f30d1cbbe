import { createHash } from "node:crypto";
import { farmNftAbi } from "@farm/contracts";
import type { ApiErrorCode } from "@farm/core";
import {
  dueDateProblem,
  type InvoiceDocumentKind,
  SECONDS_PER_DAY,
  type SubmitInvoiceRequest,
  type SubmitInvoiceResponse,
} from "@farm/core";
import { and, eq } from "drizzle-orm";
import { type Address, type Hash, parseEventLogs } from "viem";
import type { Database } from "../../adapters/db/database";
import { isChainUnreachable, OperatorTransactionError } from "../../chain/adapter";
import type { ChainRuntime } from "../../chain/runtime";
import { invoiceDocuments, invoices } from "../../db/schema/invoices";
import type { StoredDocument } from "../../documents/storage";
import { AppError, conflict, serviceUnavailable, unprocessable } from "../../errors";
import { chainUnavailable } from "../../errors/dependency";
import { submissionRevision } from "./duplicates";
import { invoiceReferenceHash } from "./reference";
import { completeIfMined, findSubmissionLog, type InvoiceRow } from "./submission-reconciler";

export interface SubmittingFarmer {
  id: string;
  address: Address;
}

/** The invoice's evidence, already in object storage; the invoice document is required. */
export interface SubmittedEvidence {
  documents: (StoredDocument & { kind: InvoiceDocumentKind })[];
  /** The buyer's contact, already encrypted. */
  buyerContactEncrypted: string;
}

/** Contract errors a farmer can act on, with the status and sentence they get. */
const contractRefusals: Record<string, { status: number; code: ApiErrorCode; message: string }> = {
  InvoiceReferenceAlreadyUsed: {
    status: 409,
    code: "DUPLICATE_INVOICE",
    message: "This invoice number for this buyer is already tokenised",
  },
  YieldAboveCap: {
    status: 422,
    code: "YIELD_ABOVE_CAP",
    message: "The yield is above the platform's current cap",
  },
  FeeAboveCap: {
    status: 422,
    code: "FEE_ABOVE_CAP",
    message: "The financing fee is above the platform's daily cap times the tenor",
  },
  TenorOutOfRange: { status: 422, code: "TENOR_OUT_OF_RANGE", message: "The tenor must be 7 to 365 days" },
  AmountAboveMaximum: {
    status: 422,
    code: "AMOUNT_TOO_LARGE",
    message: "The amount is above the contract's maximum",
  },
  EnforcedPause: {
    status: 503,
    code: "CONTRACTS_PAUSED",
    message: "The platform's contracts are paused; try later",
  },
};

function answerOf(row: typeof invoices.$inferSelect): SubmitInvoiceResponse {
  if (row.submissionState !== "submitted" || row.tokenId === null || row.txHash === null) {
    throw conflict("This invoice is still being submitted; retry in a moment", "SUBMISSION_IN_PROGRESS");
  }
  return { tokenId: row.tokenId.toString(), status: "pending", txHash: row.txHash as Hash };
}

async function findByIdempotencyKey(db: Database, farmerId: string, key: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.farmerId, farmerId), eq(invoices.idempotencyKey, key)));
  return row;
}

/** The submission made earlier with this Idempotency-Key, or undefined when the key is new. */
export async function earlierSubmission(
  db: Database,
  farmerId: string,
  idempotencyKey: string | undefined,
): Promise<InvoiceRow | undefined> {
  if (!idempotencyKey) return undefined;
  return findByIdempotencyKey(db, farmerId, idempotencyKey);
}

/** SHA-256 of the validated invoice fields (in schema order), kept with the Idempotency-Key. */
export function hashOfRequest(input: SubmitInvoiceRequest): string {
  return createHash("sha256").update(JSON.stringify(input)).digest("hex");
}

/**
 * The answer to a retry with a known Idempotency-Key: other invoice fields are refused (422); a submission a crash
 * left half done is completed from the chain when it was mined, so the retry answers 201 with the token id instead
 * of 409 forever. `requestHash` is null when the retry's fields are unknown.
 */
export async function answerRetry(
  db: Database,
  chain: ChainRuntime,
  earlier: InvoiceRow,
  requestHash: string | null,
): Promise<SubmitInvoiceResponse> {
  if (earlier.requestHash !== null && requestHash !== null && earlier.requestHash !== requestHash)
    throw unprocessable(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was used for another invoice; use a new key for a new request",
    );
  if (earlier.submissionState === "submitting") {
    const completed = await completeIfMined(db, chain, earlier).catch(() => null);
    if (completed) return answerOf(completed);
  }
  return answerOf(earlier);
}

/** The documentHash committed on chain: the invoice document's SHA-256 as bytes32. */
export function documentHashOf(evidence: SubmittedEvidence): Hash {
  const document = evidence.documents.find((stored) => stored.kind === "invoice");
  if (!document) throw new Error("the invoice document is required");
  return `0x${document.sha256}`;
}

/**
 * Tokenises an invoice for an approved farmer. The metadata row and its evidence rows are written first as
 * 'submitting', the operator sends submitInvoice with the invoice document's SHA-256, and the row is completed from
 * the receipt's InvoiceSubmitted event; if the chain refuses or cannot be reached the rows are deleted, so nothing
 * half-made stays (the caller deletes the stored files). The same Idempotency-Key returns the first answer.
 */
export async function submitInvoice(
  db: Database,
  chain: ChainRuntime,
  farmer: SubmittingFarmer,
  input: SubmitInvoiceRequest,
  evidence: SubmittedEvidence,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<SubmitInvoiceResponse> {
  const requestHash = hashOfRequest(input);
  const earlier = await earlierSubmission(db, farmer.id, idempotencyKey);
  if (earlier) return answerRetry(db, chain, earlier, requestHash);
  const documentHash = documentHashOf(evidence);
  const today = now.toISOString().slice(0, 10);
  const dueDate = dueDateProblem(input, today);
  if (dueDate?.kind === "notFuture")
    throw unprocessable("DUE_DATE_NOT_IN_FUTURE", "The due date must be after today");
  if (dueDate?.kind === "beforeFundingCloses")
    throw unprocessable(
      "DUE_DATE_BEFORE_FUNDING_CLOSES",
      `The buyer's due date must fall after the funding window closes: ${dueDate.earliest} at the earliest`,
      { earliest: dueDate.earliest },
    );
  if (dueDate?.kind === "afterLatest")
    throw unprocessable(
      "DUE_DATE_TOO_FAR",
      `The buyer's due date is further out than any term financed here: ${dueDate.latest} at the latest`,
      { latest: dueDate.latest },
    );
  const farmNft = chain.addresses?.farmNft;
  const operator = chain.operator;
  if (!farmNft || !operator)
    throw serviceUnavailable("Invoice submission is not available: no contracts or operator");

  const revision = await submissionRevision(db, farmer.address, input.invoiceNumber, input.buyerName);
  const referenceHash = invoiceReferenceHash(farmer.address, input.invoiceNumber, input.buyerName, revision);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(invoices)
      .values({
        farmerId: farmer.id,
        farmerAddress: farmer.address,
        invoiceNumber: input.invoiceNumber,
        buyerName: input.buyerName,
        buyerContactEncrypted: evidence.buyerContactEncrypted,
        description: input.description,
        dueDate: input.dueDate,
        referenceHash,
        idempotencyKey: idempotencyKey ?? null,
        requestHash,
        submissionState: "submitting",
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await tx
        .insert(invoiceDocuments)
        .values(evidence.documents.map((document) => ({ ...document, invoiceId: inserted.id })));
    }
    return inserted;
  });
  if (!row) {
    // A concurrent retry with the same key won the insert: answer as it will.
    const raced = idempotencyKey ? await findByIdempotencyKey(db, farmer.id, idempotencyKey) : undefined;
    if (raced) return answerRetry(db, chain, raced, requestHash);
    throw conflict("This invoice number for this buyer is already submitted", "DUPLICATE_INVOICE");
  }

  try {
    // The contract holds the deadline against the chain's clock, which may run apart from this server's (an L2
    // sequencer's, a test chain whose time was moved): the funding window opens at the latest block's time.
    const head = await chain.publicClient.getBlock({ blockTag: "latest" });
    const fundingDeadline = head.timestamp + BigInt(input.fundingDays * SECONDS_PER_DAY);
    const hash = await operator.send({
      address: farmNft,
      abi: farmNftAbi,
      functionName: "submitInvoice",
      args: [
        farmer.address,
        BigInt(input.amount),
        input.yieldBps,
        input.tenorDays,
        fundingDeadline,
        referenceHash,
        documentHash,
      ],
    });
    const receipt = await operator.confirm(hash);
    const [submitted] = parseEventLogs({
      abi: farmNftAbi,
      eventName: "InvoiceSubmitted",
      logs: receipt.logs,
    }).filter((log) => log.address.toLowerCase() === farmNft.toLowerCase());
    if (!submitted)
      throw new OperatorTransactionError("reverted", `${hash} emitted no InvoiceSubmitted`, hash);
    const completed = { tokenId: submitted.args.tokenId, txHash: hash, submissionState: "submitted" };
    const [done] = await db.update(invoices).set(completed).where(eq(invoices.id, row.id)).returning();
    if (done) return answerOf(done);
    // Crash recovery released the row while this request waited long for its turn: the invoice is on chain now, so
    // its metadata and evidence go back in rather than leaving an on-chain invoice without them.
    const restored = await db.transaction(async (tx) => {
      const [back] = await tx
        .insert(invoices)
        .values({ ...row, ...completed })
        .onConflictDoNothing()
        .returning();
      if (back)
        await tx
          .insert(invoiceDocuments)
          .values(evidence.documents.map((document) => ({ ...document, invoiceId: back.id })));
      return back;
    });
    if (!restored) throw new Error("the submitting invoice row vanished and could not be restored");
    return answerOf(restored);
  } catch (error) {
    let failure = error;
    try {
      const adopted = await adoptMinedInvoice(
        db,
        chain,
        farmer,
        input,
        { referenceHash, documentHash },
        row.id,
        error,
      );
      if (adopted) return adopted;
    } catch (adoptError) {
      failure = adoptError;
    }
    await db.delete(invoices).where(eq(invoices.id, row.id));
    throw toClientError(failure);
  }
}

/**
 * A submission reported as dropped (no receipt in time) may still be mined later: the chain then holds the farmer's
 * invoice while the metadata row was deleted. The farmer's retry is refused on chain (InvoiceReferenceAlreadyUsed),
 * and since no metadata row holds this reference (the unique reference hash let ours in), the on-chain invoice is that
 * earlier submission: its metadata row is completed from the chain instead of answering 409 forever. Terms or a document
 * that differ from the retry's are a conflict, never silently adopted.
 */
async function adoptMinedInvoice(
  db: Database,
  chain: ChainRuntime,
  farmer: SubmittingFarmer,
  input: SubmitInvoiceRequest,
  hashes: { referenceHash: Hash; documentHash: Hash },
  rowId: string,
  error: unknown,
): Promise<SubmitInvoiceResponse | null> {
  const farmNft = chain.addresses?.farmNft;
  if (
    !farmNft ||
    !(error instanceof OperatorTransactionError) ||
    error.message !== "InvoiceReferenceAlreadyUsed"
  )
    return null;
  const tokenId = await chain.publicClient.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "tokenIdByReference",
    args: [hashes.referenceHash],
  });
  if (tokenId === 0n) return null;
  const onChain = await chain.publicClient.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "getInvoice",
    args: [tokenId],
  });
  if (onChain.farmer.toLowerCase() !== farmer.address.toLowerCase()) return null;
  if (
    onChain.amount !== BigInt(input.amount) ||
    onChain.yieldBps !== input.yieldBps ||
    onChain.tenorDays !== input.tenorDays
  )
    throw conflict(
      `This invoice number for this buyer is already tokenised as invoice ${tokenId} with other terms`,
      "DUPLICATE_INVOICE",
    );
  const submittedLog = await findSubmissionLog(db, chain, tokenId);
  if (!submittedLog?.transactionHash) return null;
  // The retry must carry the very document the mined invoice committed to.
  if (submittedLog.args.documentHash?.toLowerCase() !== hashes.documentHash.toLowerCase())
    throw conflict(
      `This invoice number for this buyer is already tokenised as invoice ${tokenId} with another document`,
      "DUPLICATE_INVOICE",
    );
  const [done] = await db
    .update(invoices)
    .set({ tokenId, txHash: submittedLog.transactionHash, submissionState: "submitted" })
    .where(eq(invoices.id, rowId))
    .returning();
  return done ? answerOf(done) : null;
}

function toClientError(error: unknown): unknown {
  if (error instanceof OperatorTransactionError && error.kind === "reverted") {
    const refusal = contractRefusals[error.message];
    if (refusal) return new AppError(refusal.status, refusal.code, refusal.message);
    return unprocessable("CHAIN_REFUSED", `The contract refused the invoice (${error.message})`);
  }
  if (error instanceof OperatorTransactionError && error.kind === "dropped") {
    return serviceUnavailable(
      "The blockchain did not confirm the invoice in time; retry with the same Idempotency-Key",
    );
  }
  if (error instanceof OperatorTransactionError || isChainUnreachable(error)) {
    return chainUnavailable(error);
  }
  return error;
}
