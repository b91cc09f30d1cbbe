import {
  type Address,
  type Hash,
  isAddressEqual,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import type { Database } from "../adapters/db/database";
import { AppError, forbidden, notFound, serviceUnavailable, unprocessable } from "../errors";
import { chainUnavailable } from "../errors/dependency";
import { isChainUnreachable } from "./adapter";
import type { IndexedInvestment } from "./hooks/registry";
import { applyEvents, investmentOf } from "./indexer/apply-events";
import { holdIndexCursor } from "./indexer/cursor";
import { FarmLogDecoder } from "./indexer/decode";
import { type ChainEvent, type FarmAddresses, isEvent } from "./indexer/events";
import type { ChainRuntime } from "./runtime";

/** The mined receipt of `hash`: 404 when the node never saw it, 409 TRANSACTION_PENDING while it waits. */
export async function receiptOf(chain: ChainRuntime, hash: Hash): Promise<TransactionReceipt> {
  try {
    return await chain.publicClient.getTransactionReceipt({ hash });
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
  }
  // No receipt: either the node knows the transaction and it is not mined yet, or it never saw it.
  try {
    await chain.publicClient.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) {
      throw notFound("No transaction with this hash on the platform's chain");
    }
    throw error;
  }
  throw new AppError(
    409,
    "TRANSACTION_PENDING",
    "The transaction is not mined yet; sync again once it is confirmed",
  );
}

/**
 * The fast path after an investment: reads the receipt, keeps only Invested events emitted by OUR FarmNFT for the
 * signed-in wallet, and records them as the indexer would (same ids, ON CONFLICT DO NOTHING), running the game's
 * hooks in the same transaction. Syncing a hash twice changes nothing.
 */
export async function syncInvestments(
  db: Database,
  chain: ChainRuntime,
  investor: Address,
  hash: Hash,
): Promise<IndexedInvestment[]> {
  if (!chain.addresses?.farmNft)
    throw serviceUnavailable("No contracts are deployed on the platform's chain");
  let receipt: TransactionReceipt;
  let blockTime: Date;
  try {
    receipt = await receiptOf(chain, hash);
    if (receipt.status !== "success") {
      throw unprocessable("TRANSACTION_REVERTED", "The transaction failed on chain; nothing was invested");
    }
    const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
    blockTime = new Date(Number(block.timestamp) * 1000);
  } catch (error) {
    if (isChainUnreachable(error)) throw chainUnavailable(error);
    throw error;
  }
  // One decode of the receipt: every log of our contracts, as the indexer will record it. Recording them all shows
  // the position and the invoice's funding at once, and the indexer's later pass finds the rows already there.
  const events = receiptEvents(chain.addresses as FarmAddresses, receipt, blockTime);
  // The decoder only knows our contracts' addresses, so these are Invested events of OUR FarmNFT.
  const invested = events.filter((event) => isEvent(event, "farmNft.Invested"));
  if (invested.length === 0) {
    throw unprocessable(
      "NOT_AN_INVESTMENT",
      "This transaction holds no investment in the platform's FarmNFT",
    );
  }
  const mine = invested.filter((event) => isAddressEqual(event.args.investor, investor));
  if (mine.length === 0) throw forbidden("This investment belongs to another wallet");

  await recordEvents(db, chain, events);
  return mine.map(investmentOf);
}

/** Every log of our contracts in a receipt, decoded as the indexer decodes it. */
export function receiptEvents(
  addresses: FarmAddresses,
  receipt: TransactionReceipt,
  blockTime: Date,
): ChainEvent[] {
  const decoder = new FarmLogDecoder(addresses);
  const events: ChainEvent[] = [];
  for (const log of receipt.logs) {
    const event = decoder.decode({
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockTime,
    });
    if (event) events.push(event);
  }
  return events;
}

/** Records a mined transaction's events ahead of the indexer (same ids; the indexer's later pass changes nothing). */
export async function recordEvents(
  db: Database,
  chain: ChainRuntime,
  events: readonly ChainEvent[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await holdIndexCursor(tx, chain.chainId);
    await applyEvents(tx, events, chain.hooks);
  });
}

/** Records the events of a mined operator transaction at once, so the answer after it reads them from the index. */
export async function recordReceipt(
  db: Database,
  chain: ChainRuntime,
  receipt: TransactionReceipt,
): Promise<void> {
  if (!chain.addresses) return;
  const block = await chain.publicClient.getBlock({ blockNumber: receipt.blockNumber });
  const events = receiptEvents(chain.addresses, receipt, new Date(Number(block.timestamp) * 1000));
  await recordEvents(db, chain, events);
}
