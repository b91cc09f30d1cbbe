import { waitForReceipt } from "@farm/contracts";
import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
  InsufficientFundsError,
  NonceTooLowError,
  type PublicClient,
  type TransactionReceipt,
  type WalletClient,
} from "viem";
import { isChainUnreachable, OperatorTransactionError, revertErrorName } from "../errors/chain";

export interface OperatorWrite<
  abi extends Abi,
  name extends ContractFunctionName<abi, "nonpayable" | "payable">,
> {
  address: Address;
  abi: abi;
  functionName: name;
  args: ContractFunctionArgs<abi, "nonpayable" | "payable", name>;
}

/**
 * Lets one sender at a time, across every backend instance that signs with the operator key, pick a nonce and hand
 * its transaction to the node: `hold` runs `send` while no other instance runs inside its own `hold`.
 */
export interface NonceLock {
  hold<T>(send: () => Promise<T>): Promise<T>;
}

/** What the operator reports for metrics. */
export interface OperatorObserver {
  /** A transaction starts (+1) or stops (-1) waiting for its receipt. */
  pendingChanged(delta: 1 | -1): void;
  /** Seconds a write waited, behind earlier writes and the instances' nonce lock, before it got its nonce. */
  nonceWaited(seconds: number): void;
  /** A mined transaction's cost to the operator in wei (gas used x effective price, plus an L2's L1 fee), reverted too. */
  gasPaid?(wei: bigint, outcome: "success" | "reverted"): void;
}

/** What a mined transaction cost its sender: execution gas at its effective price, and the L1 data fee of an L2. */
export function costOf(receipt: TransactionReceipt): bigint {
  const l1Fee = (receipt as { l1Fee?: bigint | null }).l1Fee ?? 0n;
  return receipt.gasUsed * (receipt.effectiveGasPrice ?? 0n) + l1Fee;
}

/**
 * The backend's one signer (OPERATOR_ROLE). Every write goes through a promise queue that hands out nonces one by one,
 * so parallel requests never reuse a nonce; after any failure the next write re-reads the nonce from the node rather
 * than guessing. With a `nonceLock` shared by several instances (a PostgreSQL advisory lock), each write picks its
 * nonce inside the lock from the node's pending count, which includes what the other instances sent, so instances
 * never reuse a nonce either. Nothing is retried here but a nonce the node refused as used (something else signed
 * with the key): the caller learns what happened and decides.
 */
export class OperatorWallet {
  private queue: Promise<unknown> = Promise.resolve();
  private nextNonce: number | null = null;

  constructor(
    private readonly publicClient: PublicClient,
    private readonly walletClient: WalletClient,
    readonly account: Account,
    private readonly receiptTimeoutMs: number,
    private readonly nonceLock?: NonceLock,
    private readonly observer?: OperatorObserver,
  ) {}

  get address(): Address {
    return this.account.address;
  }

  /** Simulates the call (a revert surfaces with its custom error), then signs and sends it; resolves to the hash. */
  send<abi extends Abi, name extends ContractFunctionName<abi, "nonpayable" | "payable">>(
    write: OperatorWrite<abi, name>,
  ): Promise<Hash> {
    const asked = performance.now();
    const sent = this.queue.then(() => this.sendNow(write, asked));
    this.queue = sent.catch(() => {});
    return sent;
  }

  /** Waits for the receipt; a reverted or missing one becomes an OperatorTransactionError. */
  async confirm(hash: Hash): Promise<TransactionReceipt> {
    let receipt: TransactionReceipt;
    this.observer?.pendingChanged(1);
    try {
      receipt = await waitForReceipt(this.publicClient, { hash, timeout: this.receiptTimeoutMs });
    } catch (error) {
      this.nextNonce = null;
      throw new OperatorTransactionError(
        isChainUnreachable(error) ? "unreachable" : "dropped",
        `No receipt for ${hash}`,
        hash,
        { cause: error },
      );
    } finally {
      this.observer?.pendingChanged(-1);
    }
    this.observer?.gasPaid?.(costOf(receipt), receipt.status === "success" ? "success" : "reverted");
    if (receipt.status !== "success")
      throw new OperatorTransactionError("reverted", `${hash} reverted`, hash);
    return receipt;
  }

  private async sendNow<abi extends Abi, name extends ContractFunctionName<abi, "nonpayable" | "payable">>(
    write: OperatorWrite<abi, name>,
    asked: number,
  ): Promise<Hash> {
    try {
      const { request } = await this.publicClient.simulateContract({
        ...(write as OperatorWrite<Abi, string>),
        account: this.account,
      } as Parameters<PublicClient["simulateContract"]>[0]);
      const sendWithNextNonce = async (): Promise<Hash> => {
        this.observer?.nonceWaited((performance.now() - asked) / 1000);
        if (this.nextNonce === null || this.nonceLock) {
          const pending = await this.publicClient.getTransactionCount({
            address: this.account.address,
            blockTag: "pending",
          });
          // Never below what this instance already sent: a node may count its pool a moment late.
          this.nextNonce = Math.max(pending, this.nextNonce ?? 0);
        }
        const sendAt = (nonce: number) =>
          this.walletClient.writeContract({
            ...(request as Parameters<WalletClient["writeContract"]>[0]),
            account: this.account,
            chain: this.walletClient.chain,
            nonce,
          });
        let hash: Hash;
        try {
          hash = await sendAt(this.nextNonce);
        } catch (error) {
          if (!isNonceTooLow(error)) throw error;
          // Something else signed with the operator key (an operator by hand, a script): the node refused the nonce
          // without taking the transaction, so it is sent once more at the node's own count, not failed.
          this.nextNonce = await this.publicClient.getTransactionCount({
            address: this.account.address,
            blockTag: "pending",
          });
          hash = await sendAt(this.nextNonce);
        }
        this.nextNonce += 1;
        return hash;
      };
      return await (this.nonceLock ? this.nonceLock.hold(sendWithNextNonce) : sendWithNextNonce());
    } catch (error) {
      this.nextNonce = null;
      const reverted = revertErrorName(error);
      if (reverted) throw new OperatorTransactionError("reverted", reverted, undefined, { cause: error });
      if (isChainUnreachable(error)) {
        throw new OperatorTransactionError("unreachable", "The chain node is unreachable", undefined, {
          cause: error,
        });
      }
      if (error instanceof BaseError && error.walk((cause) => cause instanceof InsufficientFundsError)) {
        const message = `The operator account ${this.account.address} cannot pay for gas: top it up`;
        throw new OperatorTransactionError("unfunded", message, undefined, { cause: error });
      }
      throw error;
    }
  }
}

/** The node refused a transaction's nonce as already used: nothing was sent. */
function isNonceTooLow(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof NonceTooLowError) !== null;
}
