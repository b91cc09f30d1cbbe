import { farmNftAbi } from "@farm/contracts";
import { credentialTierNumber, type InvestorTier, investorLimitOf } from "@farm/core";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Address } from "viem";
import { chainNow } from "../../chain/clock";
import { type InvestorChainAction, investorVerifications } from "../../db/schema";
import { conflict } from "../../errors";
import { refuseOwnWallet } from "../auth/admin-role";
import { findVerification } from "./admin-view";
import { actionUnderWay, claimForChain, sendCredentialWrite } from "./credential-writes";
import { notPending } from "./review";
import type { VerificationRow } from "./status";

export type ChainDecisionDeps = Pick<FastifyInstance, "db" | "chain" | "emailJobs" | "log" | "config">;

const notApproved = (row: VerificationRow) =>
  conflict(`The verification is ${row.status}, not approved`, "VERIFICATION_NOT_APPROVED");

async function claimOrRefuse(
  app: ChainDecisionDeps,
  row: VerificationRow,
  status: "pending" | "approved",
  planned: InvestorChainAction,
): Promise<VerificationRow> {
  // No admin decides on its own wallet's verification, nor moves one to its own wallet.
  refuseOwnWallet(planned.adminAddress, row.walletAddress, planned.wallet);
  if (row.chainAction !== null) throw actionUnderWay();
  if (row.status !== status) throw status === "pending" ? notPending(row) : notApproved(row);
  if (!(await claimForChain(app, row, status, planned))) {
    const current = await findVerification(app.db, row.id);
    if (current.chainAction !== null) throw actionUnderWay();
    throw status === "pending" ? notPending(current) : notApproved(current);
  }
  return sendCredentialWrite(app, row, planned);
}

/**
 * Approves a pending verification: the operator writes `setCredential` with the tier, a validity of
 * INVESTOR_CREDENTIAL_DAYS from the chain's now, and the limit from the declared income (the tier's share in GOLD at
 * RUPIAH_PER_GOLD); recorded once mined.
 */
export async function approveVerification(app: ChainDecisionDeps, id: string, adminAddress: string) {
  const row = await findVerification(app.db, id);
  const rules = app.config.investorRules;
  const tier = row.tier as InvestorTier;
  const rupiahPerGold = app.config.rupiahPerGold;
  // The limit is Rupiah income turned into GOLD: without a rate there is no honest figure to write on chain.
  if (rupiahPerGold === null) throw conflict("No RUPIAH_PER_GOLD rate is configured, so no limit can be set");
  const now = await chainNow(app.chain, app.log);
  const limit = investorLimitOf(row.annualIncomeRupiah, rules.limitBps[tier], rupiahPerGold);
  return claimOrRefuse(app, row, "pending", {
    action: "approve",
    adminAddress,
    reason: null,
    wallet: row.walletAddress,
    tier: credentialTierNumber[tier],
    validUntil: Math.floor(now.getTime() / 1000) + rules.credentialDays * 86_400,
    limit: limit.toString(),
    frozen: false,
    txHash: null,
    startedAt: new Date().toISOString(),
  });
}

/** Freezes (or lifts the freeze of) an approved investor's credential with `setFrozen`, with the reason it reads. */
export async function freezeVerification(
  app: ChainDecisionDeps,
  id: string,
  adminAddress: string,
  body: { frozen: boolean; reason: string },
) {
  const row = await findVerification(app.db, id);
  return claimOrRefuse(app, row, "approved", {
    action: "freeze",
    adminAddress,
    reason: body.reason,
    wallet: row.walletAddress,
    tier: 0,
    validUntil: 0,
    limit: "0",
    frozen: body.frozen,
    txHash: null,
    startedAt: new Date().toISOString(),
  });
}

/** The principal a wallet holds now by FarmNFT's credential counter (0 without a deployment to read). */
async function outstandingOf(app: ChainDecisionDeps, wallet: string): Promise<bigint> {
  const farmNft = app.chain.addresses?.farmNft;
  if (!farmNft) return 0n;
  const credential = await app.chain.publicClient.readContract({
    address: farmNft,
    abi: farmNftAbi,
    functionName: "credentialOf",
    args: [wallet as Address],
  });
  return credential.outstanding;
}

/**
 * Binds an approved verification to a new wallet (the old one lost): `replaceCredential` revokes the old credential
 * and writes the same tier and validity for the new wallet in one transaction, its limit less what the old wallet
 * still holds; the NIK then belongs to the new wallet. The old wallet keeps its shares and may still harvest, refund
 * and claim with them. A credential that has ended cannot be moved (the chain takes only a future validity): the
 * person verifies again from the new wallet, which the ended approval no longer blocks.
 */
export async function rebindVerification(
  app: ChainDecisionDeps,
  id: string,
  adminAddress: string,
  wallet: string,
  chainNow: Date,
) {
  const row = await findVerification(app.db, id);
  if (row.status === "approved" && (row.validUntil ?? 0) <= Math.floor(chainNow.getTime() / 1000))
    throw conflict(
      "This verification's credential has ended, so it cannot be moved: the investor sends a new verification from the new wallet (the NIK is free for it)",
      "CREDENTIAL_EXPIRED",
    );
  if (row.walletAddress === wallet)
    throw conflict("The verification is already bound to this wallet", "WALLET_ALREADY_VERIFIED");
  const [taken] = await app.db
    .select({ id: investorVerifications.id })
    .from(investorVerifications)
    .where(
      and(
        eq(investorVerifications.walletAddress, wallet),
        inArray(investorVerifications.status, ["pending", "approved"]),
      ),
    );
  if (taken)
    throw conflict(
      "The new wallet already has a verification of its own; reject or let it lapse first",
      "WALLET_ALREADY_VERIFIED",
    );
  // One person, one limit: what the lost wallet still holds counts against the new one (its shares stay redeemable
  // there), so a rebind cannot double what the person may hold. A renewal later sets the whole limit again.
  const held = await outstandingOf(app, row.walletAddress);
  const limit = row.limitBaseUnits ?? 0n;
  return claimOrRefuse(app, row, "approved", {
    action: "rebind",
    adminAddress,
    reason: null,
    wallet,
    tier: credentialTierNumber[row.tier as InvestorTier],
    validUntil: row.validUntil ?? 0,
    limit: (limit > held ? limit - held : 0n).toString(),
    frozen: false,
    txHash: null,
    startedAt: new Date().toISOString(),
  });
}
