import { inArray, sql } from "drizzle-orm";
import { type Address, type Hash, zeroAddress } from "viem";
import { queryRows, type Transaction } from "../adapters/db/database";
import { chainInvoices } from "../db/schema/chain";
import { copyRows, insertRows, pgClientOf, type Row, recordsetInserts } from "./bulk";
import { addressArg, argsToJson, type ChainEvent, eventTokenId, uintArg } from "./events";
import type { ChainHookRegistry, IndexedHarvest, IndexedInvestment, IndexedRefund } from "./hooks";
import { applyInvoiceEvent, changesInvoice, type InvoiceState } from "./invoice-state";
import { columnsOf } from "./tables";

export function investmentOf(event: ChainEvent): IndexedInvestment {
  return {
    id: event.id,
    tokenId: uintArg(event, "tokenId"),
    investor: addressArg(event, "investor"),
    amount: uintArg(event, "amount"),
    blockNumber: event.blockNumber,
    blockTime: event.blockTime,
    txHash: event.txHash,
  };
}

export function investmentRow(investment: IndexedInvestment, logIndex: number): Row {
  return {
    id: investment.id,
    token_id: investment.tokenId,
    investor: investment.investor,
    amount: investment.amount,
    block_number: investment.blockNumber,
    block_time: investment.blockTime,
    tx_hash: investment.txHash,
    log_index: logIndex,
  };
}

function harvestOf(event: ChainEvent): IndexedHarvest {
  return {
    id: event.id,
    tokenId: uintArg(event, "tokenId"),
    holder: addressArg(event, "holder"),
    shares: uintArg(event, "shares"),
    principal: uintArg(event, "principal"),
    yield: uintArg(event, "yield"),
    blockNumber: event.blockNumber,
    blockTime: event.blockTime,
    txHash: event.txHash,
  };
}

function refundOf(event: ChainEvent): IndexedRefund {
  return {
    id: event.id,
    tokenId: uintArg(event, "tokenId"),
    holder: addressArg(event, "holder"),
    shares: uintArg(event, "shares"),
    blockNumber: event.blockNumber,
    blockTime: event.blockTime,
    txHash: event.txHash,
  };
}

interface ShareMove {
  tokenId: bigint;
  from: string;
  to: string;
  shares: bigint;
}

const isShareTransfer = (event: ChainEvent) =>
  event.contract === "farmNft" &&
  (event.eventName === "TransferSingle" || event.eventName === "TransferBatch");

/** ERC-1155 share movements of one event: TransferSingle gives one, TransferBatch one per id. */
function shareMovesOf(event: ChainEvent): ShareMove[] {
  const from = addressArg(event, "from");
  const to = addressArg(event, "to");
  if (event.eventName === "TransferSingle") {
    return [{ tokenId: uintArg(event, "id"), from, to, shares: uintArg(event, "value") }];
  }
  const ids = event.args.ids as readonly bigint[];
  const values = event.args.values as readonly bigint[];
  return ids.map((id, n) => ({ tokenId: id, from, to, shares: values[n] ?? 0n }));
}

export function invoiceRow(state: InvoiceState): Row {
  return {
    token_id: state.tokenId,
    farmer: state.farmer,
    amount: state.amount,
    funded: state.funded,
    repaid: state.repaid,
    yield_bps: state.yieldBps,
    tenor_days: state.tenorDays,
    funding_deadline: state.fundingDeadline,
    funded_at: state.fundedAt,
    maturity: state.maturity,
    status: state.status,
    reference_hash: state.referenceHash,
    document_hash: state.documentHash,
    recovered: state.recovered,
    recovered_fee: state.recoveredFee,
    grace_days: state.graceDays,
    rejection_reason: state.rejectionReason,
    submitted_block: state.submittedBlock,
    updated_block: state.updatedBlock,
    updated_log_index: state.updatedLogIndex,
  };
}

const upsertInvoice = sql.raw(
  `on conflict (token_id) do update set ${Object.keys(columnsOf.chain_invoices)
    .filter((column) => column !== "token_id")
    .map((column) => `"${column}" = excluded."${column}"`)
    .join(", ")}`,
);

/** Writes the `chain_invoices` rows of the given invoices, folding `events` onto their current rows. */
export async function foldInvoices(
  tx: Transaction,
  events: readonly ChainEvent[],
  current: Map<bigint, InvoiceState>,
): Promise<void> {
  const changed = new Map<bigint, InvoiceState>();
  for (const event of events) {
    if (!changesInvoice(event)) continue;
    const tokenId = uintArg(event, "tokenId");
    const next = applyInvoiceEvent(changed.get(tokenId) ?? current.get(tokenId), event);
    if (next) changed.set(tokenId, next);
  }
  await insertRows(
    tx,
    "chain_invoices",
    columnsOf.chain_invoices,
    [...changed.values()].map(invoiceRow),
    upsertInvoice,
  );
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

/** Adds the share movements of the given transfer events to `chain_positions`. */
async function moveShares(tx: Transaction, transferEvents: readonly ChainEvent[]): Promise<void> {
  const deltas = new Map<string, { tokenId: bigint; holder: string; shares: bigint }>();
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
  await insertRows(
    tx,
    "chain_positions",
    columnsOf.chain_positions,
    [...deltas.values()].map((d) => ({ token_id: d.tokenId, holder: d.holder, shares: d.shares })),
    sql`on conflict (token_id, holder) do update set shares = chain_positions.shares + excluded.shares`,
  );
}

/** The `chain_events` row of an event. */
function eventRow(event: ChainEvent): Row {
  return {
    id: event.id,
    block_number: event.blockNumber,
    block_hash: event.blockHash,
    tx_hash: event.txHash,
    log_index: event.logIndex,
    contract: event.contract,
    event_name: event.eventName,
    token_id: eventTokenId(event),
    args: argsToJson(event.args),
  };
}

/** Inserts the `chain_events` rows and returns the transfer events among them that were not recorded before. */
async function insertEvents(tx: Transaction, events: readonly ChainEvent[]): Promise<ChainEvent[]> {
  const transfers = events.filter(isShareTransfer);
  const inserted = new Set<string>();
  for (const insert of recordsetInserts(
    "chain_events",
    columnsOf.chain_events,
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

/**
 * Records a batch of decoded events (in chain order) and everything derived from them, inside the caller's
 * transaction. Rows are keyed by event id and inserted with ON CONFLICT DO NOTHING, so a row the crop sync wrote
 * first is not doubled; share balances only move for transfer events recorded for the first time.
 */
export async function applyEvents(
  tx: Transaction,
  events: readonly ChainEvent[],
  hooks: ChainHookRegistry,
  options: ApplyOptions = {},
): Promise<void> {
  if (events.length === 0) return;
  const investments: IndexedInvestment[] = [];
  const investmentRows: Row[] = [];
  const harvests: IndexedHarvest[] = [];
  const refunds: IndexedRefund[] = [];
  const repayments: Row[] = [];
  const claims: Row[] = [];
  const invoiceIds = new Set<bigint>();
  const copy = options.freshBlocks ? pgClientOf(tx) : null;

  for (const event of events) {
    if (changesInvoice(event)) invoiceIds.add(uintArg(event, "tokenId"));
    if (event.contract === "farmNft") {
      switch (event.eventName) {
        case "Invested": {
          const investment = investmentOf(event);
          investments.push(investment);
          investmentRows.push(investmentRow(investment, event.logIndex));
          break;
        }
        case "Harvested":
          harvests.push(harvestOf(event));
          break;
        case "Refunded":
          refunds.push(refundOf(event));
          break;
        case "Repaid":
          repayments.push({
            id: event.id,
            token_id: uintArg(event, "tokenId"),
            payer: addressArg(event, "payer"),
            amount: uintArg(event, "amount"),
            total_repaid: uintArg(event, "totalRepaid"),
            fully_repaid: event.args.fullyRepaid === true,
            block_number: event.blockNumber,
            block_time: event.blockTime,
            tx_hash: event.txHash,
          });
          break;
      }
    } else if (event.contract === "goldFaucet" && event.eventName === "Claimed") {
      claims.push({
        id: event.id,
        account: addressArg(event, "account"),
        amount: uintArg(event, "amount"),
        next_claim_at: new Date(Number(uintArg(event, "nextClaimAt")) * 1000),
        block_number: event.blockNumber,
        block_time: event.blockTime,
        tx_hash: event.txHash,
      });
    }
  }

  const ignoreDuplicates = sql`on conflict (id) do nothing`;
  /** Rows keyed by event id: appended with COPY when the blocks are fresh, else inserted unless already there. */
  const insertNew = (table: keyof typeof columnsOf, rows: readonly Row[]) =>
    copy
      ? copyRows(copy, table, columnsOf[table], rows)
      : insertRows(tx, table, columnsOf[table], rows, ignoreDuplicates);
  let newTransfers: ChainEvent[];
  if (copy) {
    await copyRows(copy, "chain_events", columnsOf.chain_events, events.map(eventRow));
    newTransfers = events.filter(isShareTransfer);
  } else {
    newTransfers = await insertEvents(tx, events);
  }
  await foldInvoices(tx, events, await loadInvoices(tx, [...invoiceIds]));
  await insertNew("chain_investments", investmentRows);
  await moveShares(tx, newTransfers);
  await insertNew(
    "chain_harvests",
    harvests.map((h) => ({
      id: h.id,
      token_id: h.tokenId,
      holder: h.holder,
      shares: h.shares,
      principal: h.principal,
      yield: h.yield,
      block_number: h.blockNumber,
      block_time: h.blockTime,
      tx_hash: h.txHash,
    })),
  );
  await insertNew(
    "chain_refunds",
    refunds.map((r) => ({
      id: r.id,
      token_id: r.tokenId,
      holder: r.holder,
      shares: r.shares,
      block_number: r.blockNumber,
      block_time: r.blockTime,
      tx_hash: r.txHash,
    })),
  );
  await insertNew("chain_repayments", repayments);
  await insertNew("chain_faucet_claims", claims);

  if (!hooks.hasHooks) return;
  await hooks.investmentsIndexed(tx, investments);
  await hooks.harvestsIndexed(tx, harvests);
  await hooks.refundsIndexed(tx, refunds);
}
