import { inArray, sql } from "drizzle-orm";
import { type Address, type Hash, zeroAddress } from "viem";
import { chainInvoices } from "../db/schema/chain";
import { insertRows, type Row } from "./bulk";
import type { DbTransaction } from "./db";
import { addressArg, argsToJson, type ChainEvent, eventTokenId, uintArg } from "./events";
import type { ChainHookRegistry, IndexedHarvest, IndexedInvestment, IndexedRefund } from "./hooks";
import { applyInvoiceEvent, changesInvoice, type InvoiceState } from "./invoice-state";
import { columnsOf } from "./tables";

const VAULT_FLOW_KINDS: Record<string, string> = {
  YieldDeposited: "deposited",
  YieldReserved: "reserved",
  YieldReleased: "released",
  YieldWithdrawn: "withdrawn",
};

export function investmentOf(event: ChainEvent): IndexedInvestment {
  return {
    id: event.id,
    tokenId: uintArg(event, "tokenId"),
    investor: addressArg(event, "investor"),
    amount: uintArg(event, "amount"),
    reservedYield: uintArg(event, "reservedYield"),
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
    reserved_yield: investment.reservedYield,
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
    releasedYield: uintArg(event, "releasedYield"),
    blockNumber: event.blockNumber,
    blockTime: event.blockTime,
    txHash: event.txHash,
  };
}

/** ERC-1155 share movements of one event: TransferSingle gives one, TransferBatch one per id. */
function shareTransfersOf(event: ChainEvent): Row[] {
  const from = addressArg(event, "from");
  const to = addressArg(event, "to");
  if (event.eventName === "TransferSingle") {
    return [
      {
        id: `${event.id}:0`,
        token_id: uintArg(event, "id"),
        from_address: from,
        to_address: to,
        shares: uintArg(event, "value"),
        block_number: event.blockNumber,
      },
    ];
  }
  const ids = event.args.ids as readonly bigint[];
  const values = event.args.values as readonly bigint[];
  return ids.map((id, n) => ({
    id: `${event.id}:${n}`,
    token_id: id,
    from_address: from,
    to_address: to,
    shares: values[n] ?? 0n,
    block_number: event.blockNumber,
  }));
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
    recovered: state.recovered,
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
  tx: DbTransaction,
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
    status: row.status as InvoiceState["status"],
  };
}

async function loadInvoices(tx: DbTransaction, tokenIds: bigint[]): Promise<Map<bigint, InvoiceState>> {
  const current = new Map<bigint, InvoiceState>();
  if (tokenIds.length === 0) return current;
  const rows = await tx.select().from(chainInvoices).where(inArray(chainInvoices.tokenId, tokenIds));
  for (const row of rows) current.set(row.tokenId, invoiceStateOfRow(row));
  return current;
}

/** Adds the share movements that were not recorded before to `chain_positions`. */
async function moveShares(tx: DbTransaction, transfers: Row[]): Promise<void> {
  const inserted = await insertRows<{
    token_id: string;
    from_address: string;
    to_address: string;
    shares: string;
  }>(
    tx,
    "chain_share_transfers",
    columnsOf.chain_share_transfers,
    transfers,
    sql`on conflict (id) do nothing returning token_id, from_address, to_address, shares`,
  );
  const deltas = new Map<string, { tokenId: string; holder: string; shares: bigint }>();
  const add = (tokenId: string, holder: string, shares: bigint) => {
    if (holder === zeroAddress) return;
    const key = `${tokenId}:${holder}`;
    const entry = deltas.get(key) ?? { tokenId, holder, shares: 0n };
    entry.shares += shares;
    deltas.set(key, entry);
  };
  for (const transfer of inserted) {
    const shares = BigInt(transfer.shares);
    add(String(transfer.token_id), transfer.to_address, shares);
    add(String(transfer.token_id), transfer.from_address, -shares);
  }
  await insertRows(
    tx,
    "chain_positions",
    columnsOf.chain_positions,
    [...deltas.values()].map((d) => ({ token_id: d.tokenId, holder: d.holder, shares: d.shares })),
    sql`on conflict (token_id, holder) do update set shares = chain_positions.shares + excluded.shares`,
  );
}

/**
 * Records a batch of decoded events (in chain order) and everything derived from them, inside the caller's
 * transaction. Rows are keyed by event id and inserted with ON CONFLICT DO NOTHING, so a row the crop sync wrote
 * first is not doubled; share balances only move for transfers recorded for the first time.
 */
export async function applyEvents(
  tx: DbTransaction,
  events: readonly ChainEvent[],
  hooks: ChainHookRegistry,
): Promise<void> {
  if (events.length === 0) return;
  const eventRows: Row[] = [];
  const investments: IndexedInvestment[] = [];
  const investmentRows: Row[] = [];
  const transfers: Row[] = [];
  const harvests: IndexedHarvest[] = [];
  const refunds: IndexedRefund[] = [];
  const repayments: Row[] = [];
  const claims: Row[] = [];
  const vaultFlows: Row[] = [];
  const invoiceIds = new Set<bigint>();

  for (const event of events) {
    eventRows.push({
      id: event.id,
      block_number: event.blockNumber,
      block_hash: event.blockHash,
      tx_hash: event.txHash,
      log_index: event.logIndex,
      contract: event.contract,
      event_name: event.eventName,
      token_id: eventTokenId(event),
      args: argsToJson(event.args),
    });
    if (changesInvoice(event)) invoiceIds.add(uintArg(event, "tokenId"));
    if (event.contract === "farmNft") {
      switch (event.eventName) {
        case "Invested": {
          const investment = investmentOf(event);
          investments.push(investment);
          investmentRows.push(investmentRow(investment, event.logIndex));
          break;
        }
        case "TransferSingle":
        case "TransferBatch":
          transfers.push(...shareTransfersOf(event));
          break;
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
    } else if (event.contract === "farmVault") {
      const kind = VAULT_FLOW_KINDS[event.eventName];
      if (kind) {
        const account = event.args.from ?? event.args.to;
        vaultFlows.push({
          id: event.id,
          kind,
          token_id: typeof event.args.tokenId === "bigint" ? event.args.tokenId : null,
          account: typeof account === "string" ? account : null,
          amount: uintArg(event, "amount"),
          block_number: event.blockNumber,
        });
      }
    }
  }

  const ignoreDuplicates = sql`on conflict (id) do nothing`;
  await insertRows(tx, "chain_events", columnsOf.chain_events, eventRows, ignoreDuplicates);
  await foldInvoices(tx, events, await loadInvoices(tx, [...invoiceIds]));
  await insertRows(tx, "chain_investments", columnsOf.chain_investments, investmentRows, ignoreDuplicates);
  await moveShares(tx, transfers);
  await insertRows(
    tx,
    "chain_harvests",
    columnsOf.chain_harvests,
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
    ignoreDuplicates,
  );
  await insertRows(
    tx,
    "chain_refunds",
    columnsOf.chain_refunds,
    refunds.map((r) => ({
      id: r.id,
      token_id: r.tokenId,
      holder: r.holder,
      shares: r.shares,
      released_yield: r.releasedYield,
      block_number: r.blockNumber,
      block_time: r.blockTime,
      tx_hash: r.txHash,
    })),
    ignoreDuplicates,
  );
  await insertRows(tx, "chain_repayments", columnsOf.chain_repayments, repayments, ignoreDuplicates);
  await insertRows(tx, "chain_faucet_claims", columnsOf.chain_faucet_claims, claims, ignoreDuplicates);
  await insertRows(tx, "chain_vault_flows", columnsOf.chain_vault_flows, vaultFlows, ignoreDuplicates);

  if (!hooks.hasHooks) return;
  for (const investment of investments) await hooks.investmentIndexed(tx, investment);
  for (const harvest of harvests) await hooks.harvestIndexed(tx, harvest);
  for (const refund of refunds) await hooks.refundIndexed(tx, refund);
}
