import type { Address, Hash } from "viem";
import type { DbTransaction } from "./db";

/** An investment as the index records it; `id` is "<txHash>:<logIndex>" of its Invested event. */
export interface IndexedInvestment {
  id: string;
  tokenId: bigint;
  investor: Address;
  amount: bigint;
  reservedYield: bigint;
  blockNumber: number;
  blockTime: Date;
  txHash: Hash;
}

export interface IndexedHarvest {
  id: string;
  tokenId: bigint;
  holder: Address;
  shares: bigint;
  principal: bigint;
  yield: bigint;
  blockNumber: number;
  blockTime: Date;
  txHash: Hash;
}

export interface IndexedRefund {
  id: string;
  tokenId: bigint;
  holder: Address;
  shares: bigint;
  releasedYield: bigint;
  blockNumber: number;
  blockTime: Date;
  txHash: Hash;
}

/**
 * Callbacks other parts (the game) run INSIDE the transaction that records an event, so what they grant commits with
 * the event, or not at all. The same event may reach a callback twice (crop sync first, the indexer later, or again
 * after a reorg re-applies it): callbacks must be idempotent per event id.
 */
export interface ChainHooks {
  onInvestmentIndexed?: (tx: DbTransaction, investment: IndexedInvestment) => Promise<void>;
  onHarvestIndexed?: (tx: DbTransaction, harvest: IndexedHarvest) => Promise<void>;
  onRefundIndexed?: (tx: DbTransaction, refund: IndexedRefund) => Promise<void>;
}

/** The registry the indexer and the crop sync call; parts register into it at start-up. Empty by default. */
export class ChainHookRegistry {
  private readonly registered: ChainHooks[] = [];

  register(hooks: ChainHooks): void {
    this.registered.push(hooks);
  }

  get hasHooks(): boolean {
    return this.registered.length > 0;
  }

  async investmentIndexed(tx: DbTransaction, investment: IndexedInvestment): Promise<void> {
    for (const hooks of this.registered) await hooks.onInvestmentIndexed?.(tx, investment);
  }

  async harvestIndexed(tx: DbTransaction, harvest: IndexedHarvest): Promise<void> {
    for (const hooks of this.registered) await hooks.onHarvestIndexed?.(tx, harvest);
  }

  async refundIndexed(tx: DbTransaction, refund: IndexedRefund): Promise<void> {
    for (const hooks of this.registered) await hooks.onRefundIndexed?.(tx, refund);
  }
}
