import { farmNftAbi, goldTokenAbi } from "@farm/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Address } from "viem";
import type { ChainRuntime } from "../../chain/runtime";

/**
 * An order of a book page as the chain check needs it: who signed it and, for an offer, what it and the buyer's
 * earlier live offers (in posting order, `committedUpToSql`) would buy and pay: the buyer's GOLD, allowance and room
 * under its limit must cover all of it, so the book never shows more than the buyer can pay.
 */
export interface OrderToFund {
  id: string;
  side: "listing" | "offer";
  signer: string;
  /** Shares left of this offer and the buyer's earlier live offers: principal its limit must leave room for. */
  shares: bigint;
  /** GOLD the buyer pays for what is left of this offer and its earlier live offers. */
  cost: bigint;
}

/**
 * The readings of one indexed block: what FarmMarket would find of a signer (its approval on FarmNFT, its GOLD, the
 * GOLD it allows the market and the room its credential's limit leaves). A reading that lets the order fill is kept
 * until the index moves to another block (so a page read again costs no RPC, and a revocation or transfer is seen once
 * indexed); one that refuses it is not kept, since an approval or a top-up may already be on chain ahead of the index.
 */
interface SignerFunds {
  approved?: Promise<boolean>;
  gold?: Promise<{ balance: bigint; allowance: bigint; room: bigint }>;
}
const readings = new WeakMap<ChainRuntime, { block: number; bySigner: Map<string, SignerFunds> }>();

function readingsAt(chain: ChainRuntime, block: number): Map<string, SignerFunds> {
  const current = readings.get(chain);
  if (current && current.block === block) return current.bySigner;
  const fresh = { block, bySigner: new Map<string, SignerFunds>() };
  readings.set(chain, fresh);
  return fresh.bySigner;
}

/**
 * The orders of a page that FarmMarket would refuse now though the index still holds them open: a listing whose
 * seller took back the market's approval on FarmNFT (a share balance is checked in the book's statement), an offer
 * whose buyer no longer holds, or no longer lets the market take, the GOLD it and the buyer's earlier offers would
 * pay, or whose limit no longer leaves room for their shares. The index cannot say these
 * (OpenZeppelin's ERC-20 emits nothing when an allowance is spent), so they are read from the chain, once per signer
 * and indexed block. When the node does not answer, the orders stay: a hiccup must not empty the book, and
 * FarmMarket refuses an unfunded fill anyway.
 */
export async function unfillableOrders(
  chain: ChainRuntime,
  log: FastifyBaseLogger,
  indexedBlock: number,
  orders: readonly OrderToFund[],
): Promise<Set<string>> {
  const addresses = chain.addresses;
  const market = addresses?.farmMarket;
  if (!addresses || !market || orders.length === 0) return new Set();
  const client = chain.publicClient;
  const bySigner = readingsAt(chain, indexedBlock);
  const fundsOf = (signer: string) => {
    let funds = bySigner.get(signer);
    if (!funds) {
      funds = {};
      bySigner.set(signer, funds);
    }
    return funds;
  };
  try {
    const verdicts = await Promise.all(
      orders.map(async (order) => {
        const funds = fundsOf(order.signer);
        const signer = order.signer as Address;
        if (order.side === "listing") {
          funds.approved ??= client.readContract({
            address: addresses.farmNft,
            abi: farmNftAbi,
            functionName: "isApprovedForAll",
            args: [signer, market],
          });
          if (await funds.approved) return null;
          // A refusal is read again next time: the reading may predate an approval the index has not reached yet.
          funds.approved = undefined;
          return order.id;
        }
        funds.gold ??= Promise.all([
          client.readContract({
            address: addresses.goldToken,
            abi: goldTokenAbi,
            functionName: "balanceOf",
            args: [signer],
          }),
          client.readContract({
            address: addresses.goldToken,
            abi: goldTokenAbi,
            functionName: "allowance",
            args: [signer, market],
          }),
          client.readContract({
            address: addresses.farmNft,
            abi: farmNftAbi,
            functionName: "credentialOf",
            args: [signer],
          }),
        ]).then(([balance, allowance, credential]) => ({
          balance,
          allowance,
          room: BigInt(credential.limit) - BigInt(credential.outstanding),
        }));
        const { balance, allowance, room } = await funds.gold;
        if (balance >= order.cost && allowance >= order.cost && room >= order.shares) return null;
        funds.gold = undefined;
        return order.id;
      }),
    );
    return new Set(verdicts.filter((id): id is string => id !== null));
  } catch (error) {
    // A failed reading is not kept: the next page asks again.
    readings.delete(chain);
    log.warn({ err: error }, "market funding check unavailable; the book is served from the index alone");
    return new Set();
  }
}
