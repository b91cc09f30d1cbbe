import { financingFee, harvestPayout, type LateFeeState, latePaid, recoveredPrincipal } from "@farm/core";
import { type Address, decodeErrorResult, type Hex, type TransactionReceipt } from "viem";
import { farmErrorsAbi } from "../../src/errors";
import { InvoiceStatus } from "../../src/invoice-status";
import type { ModelCredential } from "./adversarial-credentials";
import type { Farm, Wallet } from "./farm";

/** How long a sent transaction may take to be mined before the run fails. */
const RECEIPT_TIMEOUT_MS = 30_000;

// What the adversarial sequences (./adversarial.ts) expect of the chain, and how they send to it fast.
export interface ModelInvoice {
  id: bigint;
  farmer: number;
  amount: bigint;
  yieldBps: number;
  tenorDays: number;
  deadline: bigint;
  status: number;
  funded: bigint;
  repaid: bigint;
  redeemed: bigint;
  maturity: bigint;
  /** When a declared default may be settled (its InvoiceDefaulted event), else 0. */
  settleableAt: bigint;
  /** The late fee accrued at the last repayment past maturity or fixed by the default. */
  late: LateFeeState;
  /** Fee paid into the vault, and yield the vault paid out, for this invoice (base units). */
  feeIn: bigint;
  yieldOut: bigint;
  /** GOLD each actor got out of this invoice minus what it put in (trades of its shares included). */
  ledger: bigint[];
  /** Market fees paid on trades of this invoice's shares (they leave the actors for the fee recipient). */
  tradeFees: bigint;
}

/** A signed market order of the run (./adversarial-market.ts), as the backend's book would keep it. */
export interface ModelOrder {
  side: "listing" | "offer";
  signer: number;
  invoice: ModelInvoice;
  shares: bigint;
  price: bigint;
  expiry: bigint;
  nonce: bigint;
  signature: Hex;
  filled: bigint;
  cancelled: boolean;
}

export class Model {
  invoices: ModelInvoice[] = [];
  shares = new Map<string, bigint>();
  reserved = 0n;
  vaultStart = 0n;
  freeStart = 0n;
  goldStart: bigint[] = [];
  /** Each actor's credential, and its outstanding principal on chain after the last step. */
  credentials: ModelCredential[] = [];
  outstanding: bigint[] = [];
  /** Every market order signed in the run, and the last nonce used. */
  orders: ModelOrder[] = [];
  nonce = 0n;
  /** Shares `actor` holds across every invoice (what its outstanding principal must equal). */
  holdings(actor: number) {
    return this.invoices.reduce((sum, i) => sum + this.sharesOf(i.id, actor), 0n);
  }
  sharesOf(id: bigint, actor: number) {
    return this.shares.get(`${id}:${actor}`) ?? 0n;
  }
  addShares(id: bigint, actor: number, delta: bigint) {
    this.shares.set(`${id}:${actor}`, this.sharesOf(id, actor) + delta);
  }
  /** GOLD `actor` holds by the model: what it started with plus its ledger on every invoice. */
  goldOf(actor: number) {
    return this.invoices.reduce(
      (sum, i) => sum + (i.ledger[actor] as bigint),
      this.goldStart[actor] as bigint,
    );
  }
  /**
   * GOLD FarmNFT owes the holders of the invoice's outstanding shares now: refunds of an open, cancelled or withdrawn
   * invoice, the principal recovered so far of a funded or defaulted one, what harvesting every outstanding share of
   * a repaid or settled one would pay.
   */
  claimsOf(i: ModelInvoice): bigint {
    const shares = i.funded - i.redeemed;
    const input = { shares, redeemedBefore: i.redeemed, ...i };
    switch (i.status) {
      case InvoiceStatus.Approved:
      case InvoiceStatus.Cancelled:
        return shares;
      case InvoiceStatus.Funded:
      case InvoiceStatus.Defaulted:
        // Principal and late fee repaid stay in FarmNFT; the fee part is in the vault until the end.
        return recoveredPrincipal(i.amount, i.repaid) + latePaid(i.amount, i.yieldBps, i.repaid);
      case InvoiceStatus.Repaid:
      case InvoiceStatus.Settled: {
        const payout = harvestPayout({
          ...input,
          status: i.status === InvoiceStatus.Repaid ? "repaid" : "settled",
        });
        return payout.principal + payout.yield;
      }
      default:
        return 0n;
    }
  }
  liveReserved() {
    const live = [InvoiceStatus.Approved, InvoiceStatus.Funded, InvoiceStatus.Defaulted] as number[];
    return this.invoices
      .filter((i) => live.includes(i.status))
      .reduce((sum, i) => sum + financingFee(i.amount, i.yieldBps), 0n);
  }
}

/** Sends contract calls as signed raw transactions with locally tracked nonces and a fixed gas limit. */
export class FastSender {
  private nonces = new Map<Address, number>();
  private start = new Map<Address, number>();
  constructor(private readonly f: Farm) {}

  /** Remembers the nonces at the snapshot every run starts from. */
  async init(wallets: Wallet[]) {
    for (const w of wallets) {
      const address = w.account.address;
      this.start.set(
        address,
        await this.f.publicClient.getTransactionCount({ address, blockTag: "pending" }),
      );
    }
  }

  reset() {
    this.nonces = new Map(this.start);
  }

  async send(
    from: Wallet,
    to: Address,
    data: Hex,
  ): Promise<{ outcome: string; receipt: TransactionReceipt }> {
    const address = from.account.address;
    let nonce = this.nonces.get(address);
    if (nonce === undefined)
      nonce = await this.f.publicClient.getTransactionCount({ address, blockTag: "pending" });
    this.nonces.set(address, nonce + 1);
    const raw = await from.account.signTransaction({
      chainId: this.f.chain.id,
      type: "eip1559",
      nonce,
      to,
      data,
      gas: 1_500_000n,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
    const hash = await this.f.publicClient.request({ method: "eth_sendRawTransaction", params: [raw] });
    // Anvil mines each transaction as it comes, usually within milliseconds; on a loaded machine it can take a second
    // or more, so the wait is bounded by time, not by a number of polls (200 polls failed a CI run).
    let receipt: TransactionReceipt | undefined;
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    while (!receipt) {
      receipt = await this.f.publicClient.getTransactionReceipt({ hash }).catch(() => undefined);
      if (!receipt && Date.now() > deadline)
        throw new Error(`no receipt for ${hash} in ${RECEIPT_TIMEOUT_MS} ms`);
      if (!receipt) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (receipt.status === "success") return { outcome: "ok", receipt };
    // Replay the call on the state it met (one transaction per block) to name the custom error.
    const replay = await this.f.publicClient
      .call({ account: address, to, data, blockNumber: receipt.blockNumber - 1n })
      .then(() => undefined)
      .catch(
        (error: { cause?: { data?: Hex }; data?: Hex; walk?: (fn: (e: unknown) => boolean) => unknown }) => {
          const found = error.walk?.((e) => typeof (e as { data?: unknown }).data === "string") as
            | { data?: Hex }
            | undefined;
          return found?.data ?? error.cause?.data ?? error.data;
        },
      );
    if (!replay) throw new Error(`transaction ${hash} reverted without revert data`);
    return { outcome: decodeErrorResult({ abi: farmErrorsAbi, data: replay }).errorName, receipt };
  }
}
