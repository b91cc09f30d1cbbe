import type { Address, Hash } from "viem";
import type { Transaction } from "../../adapters/db/database";
import type { InvoiceEvent } from "../indexer/invoice-state";

/** An investment as the index records it; `id` is "<txHash>:<logIndex>" of its Invested event. */
export interface IndexedInvestment {
  id: string;
  tokenId: bigint;
  investor: Address;
  amount: bigint;
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
  blockNumber: number;
  blockTime: Date;
  txHash: Hash;
}

/** A FarmMarket fill as the index records it (`chain_market_fills`): a listing filled or an offer accepted. */
export interface IndexedMarketFill {
  id: string;
  kind: string;
  signer: string;
  seller: string;
  buyer: string;
  tokenId: bigint;
  nonce: bigint;
  shares: bigint;
  cost: bigint;
  fee: bigint;
  blockNumber: number;
  blockTime: Date;
  txHash: string;
}

/** Recorded events the index drops: blocks a reorg removed, or rows the crop sync wrote that the chain does not hold. */
export interface DroppedEvents {
  investments: IndexedInvestment[];
  harvests: IndexedHarvest[];
  refunds: IndexedRefund[];
}

/**
 * Callbacks other parts (the game) run INSIDE the transaction that records events, so what they grant commits with
 * the events, or not at all. Each gets all the events of one kind that a transaction records, in chain order, so it
 * can act on them in one statement. The same event may reach a callback twice (crop sync first, the indexer later, or
 * again after a reorg re-applies it): callbacks must be idempotent per event id.
 */
export interface ChainHooks {
  onInvestmentsIndexed?: (tx: Transaction, investments: readonly IndexedInvestment[]) => Promise<void>;
  onHarvestsIndexed?: (tx: Transaction, harvests: readonly IndexedHarvest[]) => Promise<void>;
  onRefundsIndexed?: (tx: Transaction, refunds: readonly IndexedRefund[]) => Promise<void>;
  /** The invoice lifecycle events (submitted ... settled; not Invested) the transaction records, in chain order. */
  onInvoiceEventsIndexed?: (tx: Transaction, events: readonly InvoiceEvent[]) => Promise<void>;
  /**
   * FarmMarket's fills the transaction records (a trade is a share transfer: it earns no XP, quest progress or score;
   * the notifications tell the seller).
   */
  onMarketFillsIndexed?: (tx: Transaction, fills: readonly IndexedMarketFill[]) => Promise<void>;
  /**
   * Runs inside the transaction that deletes these events' rows (reorg rollback, or crop-sync rows the indexer found
   * off the chain), before they go: undo what the callbacks above did for them. An event that comes back on the new
   * chain reaches the callbacks above again.
   */
  onEventsDropped?: (tx: Transaction, dropped: DroppedEvents) => Promise<void>;
  /**
   * Runs once the indexer's transaction `tx` (the one the callbacks above were given) has committed: for what must
   * not happen before the rows are visible, such as dropping a cached copy of what they changed.
   */
  onCommitted?: (tx: Transaction) => Promise<void>;
  /**
   * The indexer's poll begins (it holds the lock) and ends: for what a hook reads from the chain once per poll rather
   * than inside each transaction, such as the chain's clock.
   */
  onPollStarted?: () => void;
  onPollEnded?: () => void;
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

  async investmentsIndexed(tx: Transaction, investments: readonly IndexedInvestment[]): Promise<void> {
    if (investments.length === 0) return;
    for (const hooks of this.registered) await hooks.onInvestmentsIndexed?.(tx, investments);
  }

  async harvestsIndexed(tx: Transaction, harvests: readonly IndexedHarvest[]): Promise<void> {
    if (harvests.length === 0) return;
    for (const hooks of this.registered) await hooks.onHarvestsIndexed?.(tx, harvests);
  }

  async refundsIndexed(tx: Transaction, refunds: readonly IndexedRefund[]): Promise<void> {
    if (refunds.length === 0) return;
    for (const hooks of this.registered) await hooks.onRefundsIndexed?.(tx, refunds);
  }

  async invoiceEventsIndexed(tx: Transaction, events: readonly InvoiceEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const hooks of this.registered) await hooks.onInvoiceEventsIndexed?.(tx, events);
  }

  async marketFillsIndexed(tx: Transaction, fills: readonly IndexedMarketFill[]): Promise<void> {
    if (fills.length === 0) return;
    for (const hooks of this.registered) await hooks.onMarketFillsIndexed?.(tx, fills);
  }

  get hasDropHooks(): boolean {
    return this.registered.some((hooks) => hooks.onEventsDropped !== undefined);
  }

  async eventsDropped(tx: Transaction, dropped: DroppedEvents): Promise<void> {
    for (const hooks of this.registered) await hooks.onEventsDropped?.(tx, dropped);
  }

  async committed(tx: Transaction): Promise<void> {
    for (const hooks of this.registered) await hooks.onCommitted?.(tx);
  }

  pollStarted(): void {
    for (const hooks of this.registered) hooks.onPollStarted?.();
  }

  pollEnded(): void {
    for (const hooks of this.registered) hooks.onPollEnded?.();
  }
}
