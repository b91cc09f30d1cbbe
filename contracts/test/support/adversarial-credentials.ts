import { ONE_GOLD } from "@farm/core";
import fc from "fast-check";
import { encodeFunctionData, type Hex } from "viem";
import { expect } from "vitest";
import { farmNftAbi } from "../../src/abi/FarmNFT";
import type { FastSender } from "./adversarial-model";
import type { Farm, Wallet } from "./farm";
import { near } from "./lifecycle-model";

// Investor credentials in the adversarial sequences (decision 0049): the verifier verifies, revokes, freezes and
// unfreezes actors at random, with limits that bind and validities that run out within the sequence; the model
// predicts which share movements the chain must refuse, and the invariants check that none slips through.

/** A wallet's credential as the model tracks it (outstanding is the model's share count). */
export interface ModelCredential {
  tier: number;
  validUntil: bigint;
  frozen: boolean;
  limit: bigint;
}

export type CredentialAction = {
  kind: "credential";
  actor: number;
  op: "verify" | "revoke" | "freeze" | "unfreeze";
  limit: bigint;
  validHours: number;
};

export const credentialAction: fc.Arbitrary<CredentialAction> = fc.record({
  kind: fc.constant("credential" as const),
  actor: fc.nat({ max: 6 }),
  op: fc.constantFrom(
    "verify" as const,
    "verify" as const,
    "revoke" as const,
    "freeze" as const,
    "unfreeze" as const,
  ),
  limit: fc.oneof(
    fc.bigInt({ min: 0n, max: 5_000n * ONE_GOLD }),
    fc.bigInt({ min: 0n, max: 80_000n * ONE_GOLD }),
  ),
  validHours: fc.oneof(fc.integer({ min: 1, max: 72 }), fc.constant(24 * 365)),
});

/** The limit-bound actor: verified at set-up with this limit, so ordinary investments run into it. */
export const LIMIT_BOUND_ACTOR = 4;
export const LIMIT_BOUND = 30_000n * ONE_GOLD;

/** Reads every actor's credential (the state each run starts from). */
export async function readCredentials(f: Farm, actors: Wallet[]): Promise<ModelCredential[]> {
  const read = await Promise.all(actors.map((a) => f.as(f.admin).nft.read.credentialOf([a.account.address])));
  return read.map((c) => ({
    tier: c.tier,
    validUntil: BigInt(c.validUntil),
    frozen: c.frozen,
    limit: c.limit,
  }));
}

/**
 * The error FarmNFT must refuse a movement of `value` shares with, given the receiver's credential and what it holds
 * (after the sender's part of the same movement), or "ok"; "near" when the validity ends too close to call.
 */
export function receiverOutcome(
  credential: ModelCredential,
  holds: bigint,
  value: bigint,
  now: bigint,
): string {
  if (credential.tier === 0) return "ReceiverNotVerified";
  if (near(now, credential.validUntil)) return "near";
  if (now > credential.validUntil) return "CredentialExpired";
  if (credential.frozen) return "WalletFrozen";
  if (holds + value > credential.limit) return "PrincipalLimitExceeded";
  return "ok";
}

/** Sends one credential action as the verifier (the operator) and applies it to the model. */
export async function credentialStep(
  f: Farm,
  sender: FastSender,
  credentials: ModelCredential[],
  actors: Wallet[],
  act: CredentialAction,
  now: bigint,
): Promise<string> {
  const wallet = (actors[act.actor] as Wallet).account.address;
  const credential = credentials[act.actor] as ModelCredential;
  const validUntil = now + BigInt(act.validHours) * 3_600n;
  const call = (data: { functionName: string; args: readonly unknown[] }): Hex =>
    encodeFunctionData({ abi: farmNftAbi, ...data } as never);
  const data =
    act.op === "verify"
      ? call({ functionName: "setCredential", args: [wallet, 1, Number(validUntil), act.limit] })
      : act.op === "revoke"
        ? call({ functionName: "revokeCredential", args: [wallet] })
        : call({ functionName: "setFrozen", args: [wallet, act.op === "freeze"] });
  const { outcome } = await sender.send(f.operator, f.deployment.farmNft, data);
  expect(outcome, `credential ${act.op} of actor ${act.actor}`).toBe("ok");
  if (act.op === "verify") Object.assign(credential, { tier: 1, validUntil, limit: act.limit });
  else if (act.op === "revoke") Object.assign(credential, { tier: 0, validUntil: 0n, limit: 0n });
  else credential.frozen = act.op === "freeze";
  return outcome;
}

/**
 * The credential invariants after a step, from the chain: a wallet whose outstanding principal rose was verified,
 * unexpired and unfrozen and stays within its limit; outstanding equals the sum of the wallet's shares.
 */
export async function checkCredentials(
  f: Farm,
  actors: Wallet[],
  sharesOf: (actor: number) => bigint,
  previous: bigint[],
  now: bigint,
): Promise<void> {
  const read = await Promise.all(actors.map((a) => f.as(f.admin).nft.read.credentialOf([a.account.address])));
  read.forEach((credential, actor) => {
    const { outstanding } = credential;
    expect(outstanding, `outstanding principal of actor ${actor} = its shares`).toBe(sharesOf(actor));
    if (outstanding > (previous[actor] as bigint)) {
      expect(credential.tier, `actor ${actor} gained shares unverified`).not.toBe(0);
      expect(credential.frozen, `actor ${actor} gained shares frozen`).toBe(false);
      expect(now <= BigInt(credential.validUntil), `actor ${actor} gained shares expired`).toBe(true);
      expect(outstanding <= credential.limit, `actor ${actor} above its limit`).toBe(true);
    }
    previous[actor] = outstanding;
  });
}
