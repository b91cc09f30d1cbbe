import {
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  parseAbi,
  type Transport,
  type WalletClient,
} from "viem";

const setCredentialAbi = parseAbi([
  "function setCredential(address wallet, uint8 tier, uint40 validUntil, uint96 limit)",
]);

/** A credential that never expires in a test (uint40's largest second) and holds any amount (uint96's largest). */
export const openCredential = { tier: 1, validUntil: 2n ** 40n - 1n, limit: 2n ** 96n - 1n } as const;

export interface CredentialTerms {
  /** 1 retail (default), 2 professional. */
  tier?: number;
  /** Unix seconds; default: never expires. */
  validUntil?: bigint;
  /** Most outstanding principal, GOLD base units; default: no limit. */
  limit?: bigint;
}

/**
 * Gives `investor` a credential on FarmNFT (decision 0049: shares only go to verified wallets), written by `writer`
 * (the admin or the operator, which holds VERIFIER_ROLE), and waits until it is mined. Every test, benchmark and
 * fixture that invests or moves shares verifies its investors through this one helper.
 */
export async function verifyInvestor(
  clients: {
    publicClient: Pick<PublicClient, "getTransactionReceipt">;
    writer: WalletClient<Transport, Chain, Account>;
  },
  farmNft: Address,
  investor: Address,
  terms: CredentialTerms = {},
): Promise<Hash> {
  const hash = await clients.writer.writeContract({
    address: farmNft,
    abi: setCredentialAbi,
    functionName: "setCredential",
    args: [
      investor,
      terms.tier ?? openCredential.tier,
      Number(terms.validUntil ?? openCredential.validUntil),
      terms.limit ?? openCredential.limit,
    ],
    account: clients.writer.account,
    chain: clients.writer.chain,
  });
  // Polled on a clock rather than per block: an automining dev chain may mine no further block (see waitForReceipt).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const receipt = await clients.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
    if (receipt) {
      if (receipt.status !== "success") throw new Error(`setCredential for ${investor} reverted`);
      return hash;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`setCredential for ${investor} was not mined within 60 s`);
}
