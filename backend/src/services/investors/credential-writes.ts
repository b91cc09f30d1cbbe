import { farmNftAbi } from "@farm/contracts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Address, Hash, TransactionReceipt } from "viem";
import { recordReceipt } from "../../chain/crop-sync";
import { type InvestorChainAction, investorVerifications } from "../../db/schema";
import { conflict, serviceUnavailable, unprocessable } from "../../errors";
import { isChainUnreachable, OperatorTransactionError } from "../../errors/chain";
import { chainUnavailable } from "../../errors/dependency";
import { recordChainAction } from "./record-action";
import type { VerificationRow } from "./status";

export type CredentialWriteDeps = Pick<FastifyInstance, "db" | "chain" | "emailJobs" | "log">;

/** The FarmNFT write each action sends. */
function writeOf(farmNft: Address, row: VerificationRow, planned: InvestorChainAction) {
  const base = { address: farmNft, abi: farmNftAbi } as const;
  const limit = BigInt(planned.limit);
  if (planned.action === "approve")
    return {
      ...base,
      functionName: "setCredential",
      args: [planned.wallet as Address, planned.tier, planned.validUntil, limit],
    } as const;
  if (planned.action === "freeze")
    return { ...base, functionName: "setFrozen", args: [planned.wallet as Address, planned.frozen] } as const;
  return {
    ...base,
    functionName: "replaceCredential",
    args: [row.walletAddress as Address, planned.wallet as Address, planned.tier, planned.validUntil, limit],
  } as const;
}

/**
 * Marks the verification as having `planned` under way, only from `status` and while nothing else is: two admins
 * deciding at once cannot both send a transaction. Returns null when the row was not in that state.
 */
export async function claimForChain(
  app: CredentialWriteDeps,
  row: VerificationRow,
  status: string,
  planned: InvestorChainAction,
): Promise<boolean> {
  const claimed = await app.db
    .update(investorVerifications)
    .set({ chainAction: planned })
    .where(
      and(
        eq(investorVerifications.id, row.id),
        eq(investorVerifications.status, status),
        isNull(investorVerifications.chainAction),
      ),
    )
    .returning({ id: investorVerifications.id });
  return claimed.length > 0;
}

async function release(app: CredentialWriteDeps, id: string): Promise<void> {
  await app.db
    .update(investorVerifications)
    .set({ chainAction: null })
    .where(eq(investorVerifications.id, id));
}

/**
 * Sends a claimed credential write from the operator and records the decision once it is mined (decision 0051): the
 * row's status, the review row and the notice in one transaction, the receipt's events in the index. A refusal
 * releases the claim (422 naming the contract's error); a transaction whose fate is unknown (dropped, node away) keeps
 * it for the reconciler, which completes or releases it from the chain's state, and answers 503.
 */
export async function sendCredentialWrite(
  app: CredentialWriteDeps,
  row: VerificationRow,
  planned: InvestorChainAction,
): Promise<VerificationRow> {
  const farmNft = app.chain.addresses?.farmNft;
  const operator = app.chain.operator;
  if (!farmNft || !operator) {
    await release(app, row.id);
    throw serviceUnavailable("Credential writes are not available: no contracts or operator");
  }
  let hash: Hash;
  try {
    hash = await operator.send(writeOf(farmNft, row, planned));
  } catch (error) {
    await release(app, row.id);
    throw clientError(error);
  }
  await app.db
    .update(investorVerifications)
    .set({
      chainAction: sql`jsonb_set(${investorVerifications.chainAction}, '{txHash}', ${JSON.stringify(hash)}::jsonb)`,
    })
    .where(eq(investorVerifications.id, row.id));
  let receipt: TransactionReceipt;
  try {
    receipt = await operator.confirm(hash);
  } catch (error) {
    if (error instanceof OperatorTransactionError && error.kind === "reverted") await release(app, row.id);
    throw clientError(error);
  }
  await recordReceipt(app.db, app.chain, receipt).catch((error: unknown) =>
    app.log.warn({ err: error }, "credential events not recorded ahead; the indexer will"),
  );
  return recordChainAction(app, row.id, { ...planned, txHash: hash });
}

function clientError(error: unknown): unknown {
  if (error instanceof OperatorTransactionError && error.kind === "reverted")
    return unprocessable("CHAIN_REFUSED", `The contract refused the credential (${error.message})`);
  if (error instanceof OperatorTransactionError && error.kind === "dropped")
    return serviceUnavailable(
      "The blockchain did not confirm the credential in time; it is checked again shortly",
    );
  if (error instanceof OperatorTransactionError || isChainUnreachable(error)) return chainUnavailable(error);
  return error;
}

export const actionUnderWay = () =>
  conflict(
    "A decision on this verification is being written on chain; try again in a moment",
    "VERIFICATION_NOT_PENDING",
  );
