import { farmNftAbi, invoiceStatusName } from "@farm/contracts";
import {
  type DefaultedInvoice,
  type InvoiceDecision,
  type InvoiceDecisionAction,
  type InvoiceEvidence,
  invoiceDecisionFunction,
} from "@farm/core";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hash,
  isAddressEqual,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import type { Database } from "../../adapters/db/database";
import { isChainUnreachable } from "../../chain/adapter";
import { receiptOf } from "../../chain/crop-sync";
import { chainEvents, chainInvoices } from "../../db/schema/chain";
import { invoiceReviews, invoices } from "../../db/schema/invoices";
import { AppError, conflict, notFound, serviceUnavailable, unprocessable } from "../../errors";
import { chainUnavailable } from "../../errors/dependency";
import { buyerStatusOf, type EvidenceDeps, findInvoiceRow, latestLink, reviewAnswer } from "./evidence";

/** The FarmNFT event each decision's transaction emits, and only that function emits. */
const decisionEvent = {
  approve: "InvoiceApproved",
  reject: "InvoiceRejected",
  default: "InvoiceDefaulted",
  settle: "DefaultSettled",
  withdraw: "InvoiceWithdrawn",
} as const satisfies Record<InvoiceDecisionAction, string>;

type Decision = { action: InvoiceDecisionAction; txHash: Hash; reason: string | undefined };

const mismatch = (message: string) => unprocessable("DECISION_TX_MISMATCH", message);

/** Chain reads answer 503 when the node is unreachable, like every chain-backed route. */
async function onChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isChainUnreachable(error)) throw chainUnavailable(error);
    throw error;
  }
}

/**
 * Why a mined approval failed, in the rule's own code when the chain's state tells it: the invoice was no longer
 * pending, or its funding window had closed by the block's time (FarmNFT's FundingDeadlinePassed).
 */
async function revertedApproval(
  app: EvidenceDeps,
  farmNft: Address,
  tokenId: bigint,
  receipt: TransactionReceipt,
) {
  const [invoice, block] = await onChain(() =>
    Promise.all([
      app.chain.publicClient.readContract({
        address: farmNft,
        abi: farmNftAbi,
        functionName: "getInvoice",
        args: [tokenId],
        blockNumber: receipt.blockNumber,
      }),
      app.chain.publicClient.getBlock({ blockNumber: receipt.blockNumber }),
    ]),
  );
  if (invoiceStatusName(invoice.status) !== "pending")
    return conflict(
      `Invoice ${tokenId} was no longer pending: the chain refused this approval`,
      "INVOICE_NOT_PENDING",
    );
  if (block.timestamp > invoice.fundingDeadline)
    return conflict(
      `Funding for invoice ${tokenId} had closed when this approval was mined: the chain refused it, nothing was recorded`,
      "FUNDING_CLOSED",
    );
  return null;
}

/**
 * The receipt of a decision's transaction, checked on chain: mined and succeeded, sent to our FarmNFT by this admin,
 * and emitting the decision's event for this token (approvals name the admin too). Anything else is refused, so no
 * audit row exists for a transaction that failed, never landed or decided something else.
 */
async function verifiedDecisionReceipt(
  app: EvidenceDeps,
  tokenId: bigint,
  admin: Address,
  decision: Decision,
): Promise<{ receipt: TransactionReceipt; onChainReason: string | null }> {
  const farmNft = app.chain.addresses?.farmNft;
  if (!farmNft) throw serviceUnavailable("No contracts are deployed on the configured chain");
  const receipt = await onChain(() => receiptOf(app.chain, decision.txHash));
  if (receipt.to === null || !isAddressEqual(receipt.to, farmNft))
    throw mismatch("This transaction was not sent to the platform's FarmNFT contract");
  if (!isAddressEqual(receipt.from, admin))
    throw mismatch(`This transaction was sent by ${getAddress(receipt.from)}, not by your wallet`);
  if (receipt.status !== "success") {
    // A failed transaction has no events: its input says which decision it tried, on which invoice.
    const { input } = await onChain(() => app.chain.publicClient.getTransaction({ hash: decision.txHash }));
    const called = decodeFunctionData({ abi: farmNftAbi, data: input });
    if (called.functionName !== invoiceDecisionFunction[decision.action] || called.args?.[0] !== tokenId)
      throw mismatch(`This transaction did not try to ${decision.action} invoice ${tokenId}`);
    const explained =
      decision.action === "approve" ? await revertedApproval(app, farmNft, tokenId, receipt) : null;
    throw (
      explained ??
      new AppError(
        409,
        "TRANSACTION_REVERTED",
        "The transaction failed on chain: nothing was decided or recorded",
      )
    );
  }
  const [event] = parseEventLogs({
    abi: farmNftAbi,
    eventName: decisionEvent[decision.action],
    logs: receipt.logs,
  }).filter((log) => isAddressEqual(log.address, farmNft) && log.args.tokenId === tokenId);
  if (!event)
    throw mismatch(
      `This transaction did not ${decision.action} invoice ${tokenId} (no ${decisionEvent[decision.action]})`,
    );
  if (event.eventName === "InvoiceApproved" && !isAddressEqual(event.args.admin, admin))
    throw mismatch("This approval names another admin");
  const onChainReason =
    event.eventName === "InvoiceRejected" || event.eventName === "InvoiceWithdrawn"
      ? event.args.reason
      : null;
  return { receipt, onChainReason };
}

/**
 * Records an admin's decision on an invoice from its mined transaction: who, when, why, the buyer's status then and
 * the transaction. An approval without the buyer's confirmation needs a reason (422 APPROVAL_REASON_REQUIRED, asked
 * before the chain is read, so the client can ask for it and post the same transaction again); a rejection or a
 * withdrawal records the reason it sent on chain. One row per transaction: a second post of it is 409 DECISION_ALREADY_RECORDED.
 */
export async function recordInvoiceDecision(
  app: EvidenceDeps,
  tokenId: bigint,
  adminAddress: Address,
  decision: Decision,
  now = new Date(),
): Promise<InvoiceEvidence["reviews"][number]> {
  const { action, reason } = decision;
  const row = await findInvoiceRow(app.db, tokenId);
  if (row === null) throw notFound(`No invoice ${tokenId} with metadata on this platform`);
  const buyerStatus = buyerStatusOf(row, await latestLink(app.db, row.id), now);
  if (action === "approve" && buyerStatus !== "confirmed" && reason === undefined) {
    throw unprocessable(
      "APPROVAL_REASON_REQUIRED",
      buyerStatus === "disputed"
        ? "The buyer disputes this invoice: give the reason for approving it anyway"
        : "The buyer has not confirmed this invoice: give the reason for approving it without a confirmation",
      { buyerStatus },
    );
  }
  const { receipt, onChainReason } = await verifiedDecisionReceipt(app, tokenId, adminAddress, decision);
  if (onChainReason !== null && onChainReason.trim() !== reason)
    throw mismatch(
      `The reason differs from the one this ${action === "withdraw" ? "withdrawal" : "rejection"} sent on chain`,
    );
  const [review] = await app.db
    .insert(invoiceReviews)
    .values({
      invoiceId: row.id,
      adminAddress,
      action,
      reason: reason ?? null,
      buyerStatus,
      txHash: receipt.transactionHash,
      blockNumber: Number(receipt.blockNumber),
    })
    .onConflictDoNothing({ target: invoiceReviews.txHash })
    .returning();
  if (!review) throw conflict("This transaction's decision is already recorded", "DECISION_ALREADY_RECORDED");
  return reviewAnswer(review);
}

/** How many of the latest invoice decisions the admin page shows. */
const decisionHistoryLength = 50;

/** The latest invoice decisions from the audit table, newest first, with each invoice's status on chain now. */
export async function latestInvoiceDecisions(db: Database): Promise<InvoiceDecision[]> {
  const rows = await db
    .select({
      tokenId: invoices.tokenId,
      invoiceNumber: invoices.invoiceNumber,
      adminAddress: invoiceReviews.adminAddress,
      action: invoiceReviews.action,
      reason: invoiceReviews.reason,
      buyerStatus: invoiceReviews.buyerStatus,
      chainStatus: chainInvoices.status,
      txHash: invoiceReviews.txHash,
      createdAt: invoiceReviews.createdAt,
    })
    .from(invoiceReviews)
    .innerJoin(invoices, eq(invoices.id, invoiceReviews.invoiceId))
    .leftJoin(chainInvoices, eq(chainInvoices.tokenId, invoices.tokenId))
    .orderBy(desc(invoiceReviews.createdAt))
    .limit(decisionHistoryLength);
  return rows.map((row) => ({
    tokenId: row.tokenId?.toString() ?? "",
    invoiceNumber: row.invoiceNumber,
    adminAddress: getAddress(row.adminAddress),
    action: row.action as InvoiceDecisionAction,
    reason: row.reason,
    buyerStatus: row.buyerStatus,
    chainStatus: row.chainStatus,
    txHash: row.txHash as Hash | null,
    decidedAt: row.createdAt.toISOString(),
  }));
}

/** How many defaulted invoices the admin page lists at once (oldest first: they have waited longest). */
const defaultedListLength = 100;

/**
 * Defaulted invoices awaiting settlement, from the index, with what was repaid at the default (its InvoiceDefaulted
 * event) and since, and from when the contract accepts the settlement (the end of the recovery window).
 */
export async function defaultedInvoices(db: Database): Promise<DefaultedInvoice[]> {
  const repaidAtDefault = sql<string | null>`(
    select ${chainEvents.args}->>'repaidSoFar' from ${chainEvents}
    where ${chainEvents.tokenId} = ${chainInvoices.tokenId} and ${chainEvents.eventName} = 'InvoiceDefaulted'
    order by ${chainEvents.blockNumber} desc, ${chainEvents.logIndex} desc limit 1)`;
  const rows = await db
    .select({
      tokenId: chainInvoices.tokenId,
      farmer: chainInvoices.farmer,
      amount: chainInvoices.amount,
      yieldBps: chainInvoices.yieldBps,
      maturity: chainInvoices.maturity,
      repaid: chainInvoices.repaid,
      settleableAt: chainInvoices.settleableAt,
      invoiceNumber: invoices.invoiceNumber,
      repaidAtDefault,
    })
    .from(chainInvoices)
    .leftJoin(
      invoices,
      and(eq(invoices.tokenId, chainInvoices.tokenId), eq(invoices.submissionState, "submitted")),
    )
    .where(eq(chainInvoices.status, "defaulted"))
    .orderBy(chainInvoices.tokenId)
    .limit(defaultedListLength);
  return rows.map((row) => {
    const atDefault = BigInt(row.repaidAtDefault ?? "0");
    return {
      tokenId: row.tokenId.toString(),
      invoiceNumber: row.invoiceNumber,
      farmer: getAddress(row.farmer),
      amount: row.amount.toString(),
      yieldBps: row.yieldBps,
      maturity: row.maturity?.toISOString() ?? null,
      repaid: row.repaid.toString(),
      repaidAtDefault: atDefault.toString(),
      repaidSinceDefault: (row.repaid - atDefault).toString(),
      settleableAt: row.settleableAt?.toISOString() ?? null,
    };
  });
}
