import { inArray, sql } from "drizzle-orm";
import type pg from "pg";
import { type Address, type Hash, zeroAddress } from "viem";
import { queryRows, type Transaction } from "../../adapters/db/database";
import {
  chainEvents,
  chainFaucetClaims,
  chainHarvests,
  chainInvestments,
  chainInvoices,
  chainMarketCancels,
  chainMarketFills,
  chainPositions,
  chainRefunds,
  chainRepayments,
} from "../../db/schema/chain";
import type { ChainHookRegistry, IndexedHarvest, IndexedInvestment, IndexedRefund } from "../hooks/registry";
import { copyRows, insertRows, pgClientOf, type RowOf, recordsetInserts } from "./bulk";
import { type CredentialEvent, writeCredentials } from "./credentials";
import {
  argsToJson,
  type ChainEvent,
  type ChainEventKey,
  type ChainEventOf,
  eventTokenId,
  isEvent,
  isStoredEvent,
} from "./events";
import { applyInvoiceEvent, changesInvoice, type InvoiceEvent, type InvoiceState } from "./invoice-state";
import {
  type MarketCancelRow,
  type MarketFillRow,
  marketCancelOf,
  marketFillOf,
  refreshMarketOrders,
} from "./market";
import { bulkTable } from "./tables";

// The rows below are spelled out field by field rather than spread from a shared part: a backfill builds hundreds of
// thousands of them, and object spread is several times slower than a literal.

export function investmentOf(event: ChainEventOf<"farmNft.Invested">): IndexedInvestment {
  const { tokenId, investor, amount } = event.args;
  const { id, blockNumber, blockTime, txHash } = event;
  return { id, blockNumber, blockTime, txHash, tokenId, investor, amount };
}

/** The rows one batch of events adds besides `chain_events`, `chain_invoices` and `chain_positions`. */
interface Projection {
  investments: (IndexedInvestment & { logIndex: number })[];
  harvests: IndexedHarvest[];
  refunds: IndexedRefund[];
  repayments: RowOf<typeof chainRepayments>[];
  claims: RowOf<typeof chainFaucetClaims>[];
  credentials: CredentialEvent[];
  marketFills: MarketFillRow[];
  marketCancels: MarketCancelRow[];
}

type Projector<K extends ChainEventKey> = (event: ChainEventOf<K>, into: Projection) => void;

/**
 * One projector per event that has rows of its own, each given the event typed from the ABI. Events without one
 * (roles, pauses, settings, ERC-20 transfers) are kept in `chain_events` only; invoices and share balances are folded
 * separately, because they change existing rows rather than append.
 */
const projectors: { [K in ChainEventKey]?: Projector<K> } = {
  "farmNft.Invested": (event, into) => {
    const { tokenId, investor, amount } = event.args;
    const { id, blockNumber, blockTime, txHash, logIndex } = event;
    into.investments.push({ id, blockNumber, blockTime, txHash, logIndex, tokenId, investor, amount });
  },
  "farmNft.Harvested": (event, into) => {
    const { tokenId, holder, shares, principal, yield: earned } = event.args;
    const { id, blockNumber, blockTime, txHash } = event;
    into.harvests.push({
      id,
      blockNumber,
      blockTime,
      txHash,
      tokenId,
      holder,
      shares,
      principal,
      yield: earned,
    });
  },
  "farmNft.Refunded": (event, into) => {
    const { tokenId, holder, shares } = event.args;
    const { id, blockNumber, blockTime, txHash } = event;
    into.refunds.push({ id, blockNumber, blockTime, txHash, tokenId, holder, shares });
  },
  "farmNft.Repaid": (event, into) => {
    const { tokenId, payer, amount, totalRepaid, fullyRepaid } = event.args;
    const { id, blockNumber, blockTime, txHash } = event;
    into.repayments.push({
      id,
      blockNumber,
      blockTime,
      txHash,
      tokenId,
      payer,
      amount,
      totalRepaid,
      fullyRepaid,
    });
  },
  "farmNft.CredentialSet": (event, into) => {
    into.credentials.push(event);
  },
  "farmNft.CredentialFrozen": (event, into) => {
    into.credentials.push(event);
  },
  "farmNft.CredentialRevoked": (event, into) => {
    into.credentials.push(event);
  },
  "goldFaucet.Claimed": (event, into) => {
    const { account, amount, nextClaimAt } = event.args;
    const { id, blockNumber, blockTime, txHash } = event;
    const next = new Date(Number(nextClaimAt) * 1000);
    into.claims.push({ id, blockNumber, blockTime, txHash, account, amount, nextClaimAt: next });
  },
  "farmMarket.ListingFilled": (event, into) => {
    into.marketFills.push(marketFillOf(event));
  },
  "farmMarket.OfferAccepted": (event, into) => {
    into.marketFills.push(marketFillOf(event));
  },
  "farmMarket.NonceCancelled": (event, into) => {
    into.marketCancels.push(marketCancelOf(event));
  },
};

/** The projectors by contract, then event name: found without building each event's key string. */
const projectorsByContract = new Map<string, Map<string, Projector<ChainEventKey>>>();
for (const [key, projector] of Object.entries(projectors)) {
  const [contract, eventName] = key.split(".") as [string, string];
  const byName = projectorsByContract.get(contract) ?? new Map<string, Projector<ChainEventKey>>();
  byName.set(eventName, projector as Projector<ChainEventKey>);
  projectorsByContract.set(contract, byName);
}

/** Adds the rows the events have besides `chain_events` to `into`. */
function project(events: readonly ChainEvent[], into: Projection): void {
  for (const event of events) {
    // The table is keyed by the event's own contract and name, so the projector found takes exactly this event's type.
    const projector = projectorsByContract.get(event.contract)?.get(event.eventName);
    projector?.(event as never, into);
  }
}

interface ShareMove {
  tokenId: bigint;
  from: string;
  to: string;
  shares: bigint;
}

type ShareTransfer = ChainEventOf<"farmNft.TransferSingle"> | ChainEventOf<"farmNft.TransferBatch">;

const isShareTransfer = (event: ChainEvent): event is ShareTransfer =>
  isEvent(event, "farmNft.TransferSingle") || isEvent(event, "farmNft.TransferBatch");

/** ERC-1155 share movements of one event: TransferSingle gives one, TransferBatch one per id. */
function shareMovesOf(event: ShareTransfer): ShareMove[] {
  const { from, to } = event.args;
  if (event.eventName === "TransferSingle") {
    return [{ tokenId: event.args.id, from, to, shares: event.args.value }];
  }
  const { ids, values } = event.args;
  return ids.map((id, n) => ({ tokenId: id, from, to, shares: values[n] ?? 0n }));
}

const upsertInvoice = sql.raw(
  `on conflict (token_id) do update set ${bulkTable(chainInvoices)
    .columns.filter((column) => column.name !== "token_id")
    .map((column) => `"${column.name}" = excluded."${column.name}"`)
    .join(", ")}`,
);

/** Folds the invoice events among `events` onto `changed`, starting from `current` for invoices not changed yet. */
function foldOnto(
  changed: Map<bigint, InvoiceState>,
  events: readonly ChainEvent[],
  current: ReadonlyMap<bigint, InvoiceState | undefined>,
): void {
  for (const event of events) {
    if (!changesInvoice(event)) continue;
    const tokenId = event.args.tokenId;
    const next = applyInvoiceEvent(changed.get(tokenId) ?? current.get(tokenId), event);
    if (next) changed.set(tokenId, next);
  }
}

/** Writes the given invoice states: an invoice's state is its row (InvoiceState has exactly chain_invoices' columns). */
async function writeInvoices(tx: Transaction, states: Map<bigint, InvoiceState>): Promise<void> {
  await insertRows(tx, chainInvoices, [...states.values()], upsertInvoice);
}

/** Writes the `chain_invoices` rows of the given invoices, folding `events` onto their current rows. */
export async function foldInvoices(
  tx: Transaction,
  events: readonly ChainEvent[],
  current: Map<bigint, InvoiceState>,
): Promise<void> {
  const changed = new Map<bigint, InvoiceState>();
  foldOnto(changed, events, current);
  await writeInvoices(tx, changed);
}

export function invoiceStateOfRow(row: typeof chainInvoices.$inferSelect): InvoiceState {
  return {
    ...row,
    farmer: row.farmer as Address,
    referenceHash: row.referenceHash as Hash,
    documentHash: row.documentHash as Hash | null,
    status: row.status as InvoiceState["status"],
  };
}

async function loadInvoices(tx: Transaction, tokenIds: bigint[]): Promise<Map<bigint, InvoiceState>> {
  const current = new Map<bigint, InvoiceState>();
  if (tokenIds.length === 0) return current;
  const rows = await tx.select().from(chainInvoices).where(inArray(chainInvoices.tokenId, tokenIds));
  for (const row of rows) current.set(row.tokenId, invoiceStateOfRow(row));
  return current;
}

type ShareDeltas = Map<string, RowOf<typeof chainPositions>>;

/** Adds the share movements of the given transfer events to `deltas`, one entry per (invoice, holder). */
function addShareMoves(deltas: ShareDeltas, transferEvents: readonly ShareTransfer[]): void {
  const add = (tokenId: bigint, holder: string, shares: bigint) => {
    if (holder === zeroAddress) return;
    const key = `${tokenId}:${holder}`;
    const entry = deltas.get(key) ?? { tokenId, holder, shares: 0n };
    entry.shares += shares;
    deltas.set(key, entry);
  };
  for (const event of transferEvents) {
    for (const move of shareMovesOf(event)) {
      add(move.tokenId, move.to, move.shares);
      add(move.tokenId, move.from, -move.shares);
    }
  }
}

/** Adds share deltas to `chain_positions`. */
async function moveShares(tx: Transaction, deltas: ShareDeltas): Promise<void> {
  await insertRows(
    tx,
    chainPositions,
    [...deltas.values()],
    sql`on conflict (token_id, holder) do update set shares = chain_positions.shares + excluded.shares`,
  );
}

/** The `chain_events` row of an event. */
function eventRow(event: ChainEvent): RowOf<typeof chainEvents> {
  return {
    id: event.id,
    blockNumber: event.blockNumber,
    blockHash: event.blockHash,
    txHash: event.txHash,
    logIndex: event.logIndex,
    contract: event.contract,
    eventName: event.eventName,
    tokenId: eventTokenId(event),
    args: argsToJson(event.args),
  };
}

/** Inserts the `chain_events` rows and returns the transfer events among them that were not recorded before. */
async function insertEvents(tx: Transaction, events: readonly ChainEvent[]): Promise<ShareTransfer[]> {
  const transfers = events.filter(isShareTransfer);
  const inserted = new Set<string>();
  for (const insert of recordsetInserts(
    chainEvents,
    events.map(eventRow),
    sql`on conflict (id) do nothing returning id, event_name`,
  )) {
    const fresh = await queryRows<{ id: string }>(
      tx,
      sql`with inserted as (${insert}) select id from inserted where event_name in ('TransferSingle', 'TransferBatch')`,
    );
    for (const row of fresh) inserted.add(row.id);
  }
  return transfers.filter((event) => inserted.has(event.id));
}

export interface ApplyOptions {
  /**
   * The caller guarantees that no row of these events' blocks exists, and that none can be added before it commits
   * (the indexer: it emptied the blocks after its cursor while holding the cursor row, which the crop sync waits for).
   * Rows are then appended with COPY on node-postgres; a duplicate would fail the transaction, never be doubled.
   */
  freshBlocks?: boolean;
}

const ignoreDuplicates = sql`on conflict (id) do nothing`;

/**
 * Records decoded events (in chain order) and everything derived from them, inside the caller's transaction, in parts:
 * `add` writes the events' chain_events rows at once (the bulk of the data) and keeps only what is written per
 * transaction: the invoices' states, the share deltas and the rows of the other event-keyed tables (a few per range,
 * and the hooks' input), which `finish` writes before it runs the hooks. A backfill adds range after range to one
 * transaction, so the hooks' per-player work is done once for many events without all of them being held in memory.
 *
 * Rows are keyed by event id and inserted with ON CONFLICT DO NOTHING, so a row the crop sync wrote first is not
 * doubled; share balances only move for transfer events recorded for the first time.
 */
export class EventWriter {
  /** node-postgres client to COPY with, when the blocks are fresh (see ApplyOptions). */
  private readonly copy: pg.ClientBase | null;
  /** Invoices as the transaction found them (undefined: no row), loaded when an event first names them. */
  private readonly found = new Map<bigint, InvoiceState | undefined>();
  /** Invoices as the events added so far left them. */
  private readonly changed = new Map<bigint, InvoiceState>();
  private readonly shareDeltas: ShareDeltas = new Map();
  /** Lifecycle events for the hooks (few: Invested, the many, is in `rows.investments`). */
  private readonly lifecycle: InvoiceEvent[] = [];
  private readonly rows: Projection = {
    investments: [],
    harvests: [],
    refunds: [],
    repayments: [],
    claims: [],
    credentials: [],
    marketFills: [],
    marketCancels: [],
  };

  constructor(
    private readonly tx: Transaction,
    options: ApplyOptions = {},
  ) {
    this.copy = options.freshBlocks ? pgClientOf(this.tx) : null;
  }

  /** Writes the next events (after those added before, in chain order). */
  async add(events: readonly ChainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { tx, copy } = this;
    if (copy) {
      await copyRows(copy, chainEvents, events.filter(isStoredEvent), eventRow);
      addShareMoves(this.shareDeltas, events.filter(isShareTransfer));
    } else {
      addShareMoves(this.shareDeltas, await insertEvents(tx, events.filter(isStoredEvent)));
    }
    await this.foldInvoices(events);
    project(events, this.rows);
  }

  /** Writes what the added events derive (rows, invoices, share balances), then runs the hooks on them. */
  async finish(hooks: ChainHookRegistry): Promise<void> {
    const { tx, rows } = this;
    await writeInvoices(tx, this.changed);
    await this.insertNew(chainInvestments, rows.investments);
    await moveShares(tx, this.shareDeltas);
    await this.insertNew(chainHarvests, rows.harvests);
    await this.insertNew(chainRefunds, rows.refunds);
    await this.insertNew(chainRepayments, rows.repayments);
    await this.insertNew(chainFaucetClaims, rows.claims);
    await writeCredentials(tx, rows.credentials);
    await this.insertNew(chainMarketFills, rows.marketFills);
    await this.insertNew(chainMarketCancels, rows.marketCancels);
    // The book's orders follow their fills and cancels in the same transaction.
    await refreshMarketOrders(tx, [...rows.marketFills, ...rows.marketCancels]);
    if (!hooks.hasHooks) return;
    await hooks.investmentsIndexed(tx, rows.investments);
    await hooks.harvestsIndexed(tx, rows.harvests);
    await hooks.refundsIndexed(tx, rows.refunds);
    await hooks.invoiceEventsIndexed(tx, this.lifecycle);
    await hooks.marketFillsIndexed(tx, rows.marketFills);
  }

  /** Folds the events onto the invoices' states, reading the rows of invoices not seen before in this transaction. */
  private async foldInvoices(events: readonly ChainEvent[]): Promise<void> {
    const unseen = new Set<bigint>();
    for (const event of events) {
      if (!changesInvoice(event)) continue;
      if (!this.found.has(event.args.tokenId)) unseen.add(event.args.tokenId);
      if (event.eventName !== "Invested") this.lifecycle.push(event);
    }
    const rows = await loadInvoices(this.tx, [...unseen]);
    for (const tokenId of unseen) this.found.set(tokenId, rows.get(tokenId));
    foldOnto(this.changed, events, this.found);
  }

  /** Rows keyed by event id: appended with COPY when the blocks are fresh, else inserted unless already there. */
  private async insertNew<T extends EventKeyedTable>(table: T, rows: readonly RowOf<T>[]): Promise<void> {
    if (this.copy) await copyRows(this.copy, table, rows);
    else await insertRows(this.tx, table, rows, ignoreDuplicates);
  }
}

/** Records a batch of decoded events (in chain order) and everything derived from them (see EventWriter). */
export async function applyEvents(
  tx: Transaction,
  events: readonly ChainEvent[],
  hooks: ChainHookRegistry,
  options: ApplyOptions = {},
): Promise<void> {
  if (events.length === 0) return;
  const writer = new EventWriter(tx, options);
  await writer.add(events);
  await writer.finish(hooks);
}

type EventKeyedTable =
  | typeof chainInvestments
  | typeof chainHarvests
  | typeof chainRefunds
  | typeof chainRepayments
  | typeof chainFaucetClaims
  | typeof chainMarketFills
  | typeof chainMarketCancels;
