import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** A uint256 / GOLD amount: numeric(78,0), bigint in code. */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0, mode: "bigint" });
const blockNumber = () => bigint("block_number", { mode: "number" }).notNull();
const blockTime = () => timestamp("block_time", { withTimezone: true }).notNull();

/**
 * Every decoded log of the four contracts, the index's record of what happened. Derived rows of a token are rebuilt
 * from it after a reorg. Id is "<txHash>:<logIndex>".
 */
export const chainEvents = pgTable(
  "chain_events",
  {
    id: text("id").primaryKey(),
    blockNumber: blockNumber(),
    blockHash: text("block_hash").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    contract: text("contract").notNull(),
    eventName: text("event_name").notNull(),
    /** The invoice the event is about, when it names one; TransferBatch lists its ids in args. */
    tokenId: uint256("token_id"),
    /** Decoded arguments; uint values as decimal strings. */
    args: jsonb("args").notNull(),
  },
  (t) => [
    index("chain_events_block_idx").on(t.blockNumber),
    index("chain_events_token_idx").on(t.tokenId),
    // TransferBatch rows have no token_id (their ids are in args): this small index finds them for `chain_share_transfers`.
    index("chain_events_batch_idx").on(t.blockNumber).where(sql`${t.eventName} = 'TransferBatch'`),
    // The few role events: notifications find the admins among them without reading every event.
    // A wallet's share transfers for its statement (chain_share_transfers filters on these expressions).
    index("chain_events_share_from_idx")
      .on(sql`(${t.args}->>'from')`)
      .where(sql`${t.eventName} in ('TransferSingle', 'TransferBatch')`),
    index("chain_events_share_to_idx")
      .on(sql`(${t.args}->>'to')`)
      .where(sql`${t.eventName} in ('TransferSingle', 'TransferBatch')`),
    index("chain_events_role_idx")
      .on(t.blockNumber, t.logIndex)
      .where(sql`${t.eventName} in ('RoleGranted', 'RoleRevoked')`),
    // FarmMarket's fee settings: the latest one is the market's fee (GET /api/config, the book's proceeds).
    index("chain_events_market_fee_idx")
      .on(t.blockNumber, t.logIndex)
      .where(sql`${t.contract} = 'farmMarket' and ${t.eventName} = 'FeeSet'`),
    // FarmMarket's pauses: the latest Paused or Unpaused says whether trading is stopped (GET /api/config).
    index("chain_events_market_pause_idx")
      .on(t.blockNumber, t.logIndex)
      .where(sql`${t.contract} = 'farmMarket' and ${t.eventName} in ('Paused', 'Unpaused')`),
  ],
);

/** Current on-chain state of each invoice, as the events describe it. */
export const chainInvoices = pgTable(
  "chain_invoices",
  {
    tokenId: uint256("token_id").primaryKey(),
    farmer: text("farmer").notNull(),
    /** Target principal in GOLD base units. */
    amount: uint256("amount").notNull(),
    funded: uint256("funded").notNull(),
    repaid: uint256("repaid").notNull(),
    /** Yield for the whole term in basis points. */
    yieldBps: integer("yield_bps").notNull(),
    tenorDays: integer("tenor_days").notNull(),
    fundingDeadline: timestamp("funding_deadline", { withTimezone: true }).notNull(),
    fundedAt: timestamp("funded_at", { withTimezone: true }),
    maturity: timestamp("maturity", { withTimezone: true }),
    /** pending|approved|rejected|funded|repaid|cancelled|defaulted|settled */
    status: text("status").notNull(),
    referenceHash: text("reference_hash").notNull(),
    /** SHA-256 of the invoice document committed with the submission (0x-prefixed), null before evidence. */
    documentHash: text("document_hash"),
    /** Principal recovered when a default was settled, GOLD base units (holders share it pro rata). */
    recovered: uint256("recovered").notNull(),
    /** Financing fee recovered when a default was settled, GOLD base units: the holders' yield. */
    recoveredFee: uint256("recovered_fee").notNull().default(sql`0`),
    /** Days after maturity before a default may be declared, fixed on chain when the invoice was funded. */
    graceDays: integer("grace_days"),
    rejectionReason: text("rejection_reason"),
    /** Defaulted or settled: from when settleDefault is accepted (InvoiceDefaulted's settleableAt); null before. */
    settleableAt: timestamp("settleable_at", { withTimezone: true }),
    /** Withdrawn by an admin (InvoiceWithdrawn; the invoice is cancelled on chain): the reason it sent; else null. */
    withdrawalReason: text("withdrawal_reason"),
    submittedBlock: bigint("submitted_block", { mode: "number" }).notNull(),
    updatedBlock: bigint("updated_block", { mode: "number" }).notNull(),
    /** Log index of the last applied event in updated_block: events at or before it are already folded in. */
    updatedLogIndex: integer("updated_log_index").notNull(),
  },
  // The lists page newest first by token id within a status or a farmer (`GET /api/invoices?status=&farmer=`): the
  // composite keys serve the filter, the order and the keyset cursor in one index walk at any size.
  (t) => [
    index("chain_invoices_status_token_idx").on(t.status, t.tokenId),
    index("chain_invoices_farmer_token_idx").on(t.farmer, t.tokenId),
  ],
);

export const chainInvestments = pgTable(
  "chain_investments",
  {
    id: text("id").primaryKey(),
    tokenId: uint256("token_id").notNull(),
    investor: text("investor").notNull(),
    amount: uint256("amount").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
  },
  (t) => [
    // A wallet's investments, and its sum in one invoice (a crop's "invested") as one probe, not two indexes ANDed.
    index("chain_investments_investor_token_idx").on(t.investor, t.tokenId),
    index("chain_investments_token_idx").on(t.tokenId),
    index("chain_investments_block_idx").on(t.blockNumber),
  ],
);

/**
 * Every ERC-1155 share movement (mint, burn, transfer), derived from the TransferSingle / TransferBatch rows of
 * `chain_events` (a view: nothing extra is written per event); positions are their sums. Id "<txHash>:<logIndex>:<n>".
 */
export const chainShareTransfers = pgView("chain_share_transfers", {
  id: text("id").notNull(),
  tokenId: uint256("token_id").notNull(),
  fromAddress: text("from_address").notNull(),
  toAddress: text("to_address").notNull(),
  shares: uint256("shares").notNull(),
  blockNumber: blockNumber(),
}).as(sql`
  select e.id || ':0' as id, e.token_id, e.args->>'from' as from_address, e.args->>'to' as to_address,
         (e.args->>'value')::numeric(78, 0) as shares, e.block_number
  from chain_events e
  where e.contract = 'farmNft' and e.event_name = 'TransferSingle'
  union all
  select e.id || ':' || (m.n - 1) as id, m.token_id::numeric(78, 0) as token_id, e.args->>'from' as from_address,
         e.args->>'to' as to_address, (e.args->'values'->>(m.n - 1)::int)::numeric(78, 0) as shares, e.block_number
  from chain_events e
  cross join lateral jsonb_array_elements_text(e.args->'ids') with ordinality as m(token_id, n)
  where e.contract = 'farmNft' and e.event_name = 'TransferBatch'`);

/** Current share balance per holder and invoice: a crop is one such row. */
export const chainPositions = pgTable(
  "chain_positions",
  {
    tokenId: uint256("token_id").notNull(),
    holder: text("holder").notNull(),
    shares: uint256("shares").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.holder] }), index("chain_positions_holder_idx").on(t.holder)],
);

export const chainHarvests = pgTable(
  "chain_harvests",
  {
    id: text("id").primaryKey(),
    tokenId: uint256("token_id").notNull(),
    holder: text("holder").notNull(),
    shares: uint256("shares").notNull(),
    principal: uint256("principal").notNull(),
    yield: uint256("yield").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
  },
  (t) => [
    index("chain_harvests_holder_idx").on(t.holder),
    index("chain_harvests_block_idx").on(t.blockNumber),
    // GET /api/crops sums a crop's harvested shares (and the holder's own) per token; the watering batch probes a pair.
    index("chain_harvests_token_holder_idx").on(t.tokenId, t.holder),
  ],
);

export const chainRefunds = pgTable(
  "chain_refunds",
  {
    id: text("id").primaryKey(),
    tokenId: uint256("token_id").notNull(),
    holder: text("holder").notNull(),
    shares: uint256("shares").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
  },
  (t) => [
    index("chain_refunds_holder_idx").on(t.holder),
    index("chain_refunds_block_idx").on(t.blockNumber),
    // GET /api/crops sums a crop's refunded shares (and the holder's own) per token.
    index("chain_refunds_token_holder_idx").on(t.tokenId, t.holder),
  ],
);

export const chainRepayments = pgTable(
  "chain_repayments",
  {
    id: text("id").primaryKey(),
    tokenId: uint256("token_id").notNull(),
    payer: text("payer").notNull(),
    amount: uint256("amount").notNull(),
    totalRepaid: uint256("total_repaid").notNull(),
    fullyRepaid: boolean("fully_repaid").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
  },
  (t) => [
    index("chain_repayments_block_idx").on(t.blockNumber),
    // The repayment record reads when each invoice was repaid in full; a farmer's statement its invoices' repayments.
    index("chain_repayments_token_time_idx").on(t.tokenId, t.blockTime),
  ],
);

export const chainFaucetClaims = pgTable(
  "chain_faucet_claims",
  {
    id: text("id").primaryKey(),
    account: text("account").notNull(),
    amount: uint256("amount").notNull(),
    nextClaimAt: timestamp("next_claim_at", { withTimezone: true }).notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
  },
  (t) => [
    index("chain_faucet_claims_account_idx").on(t.account),
    index("chain_faucet_claims_block_idx").on(t.blockNumber),
  ],
);

/**
 * FarmVault movements: deposited | reserved | released | withdrawn, derived from the vault's rows of `chain_events` (a
 * view). Vault figures are their sums per kind.
 */
export const chainVaultFlows = pgView("chain_vault_flows", {
  id: text("id").notNull(),
  kind: text("kind").notNull(),
  tokenId: uint256("token_id"),
  account: text("account"),
  amount: uint256("amount").notNull(),
  blockNumber: blockNumber(),
}).as(sql`
  select e.id,
         case e.event_name when 'YieldDeposited' then 'deposited' when 'YieldReserved' then 'reserved'
           when 'YieldReleased' then 'released' else 'withdrawn' end as kind,
         e.token_id, coalesce(e.args->>'from', e.args->>'to') as account, (e.args->>'amount')::numeric(78, 0) as amount,
         e.block_number
  from chain_events e
  where e.contract = 'farmVault'
    and e.event_name in ('YieldDeposited', 'YieldReserved', 'YieldReleased', 'YieldWithdrawn')`);

/** Where the indexer stands: the last applied block and its hash. One row per chain id. */
export const indexerCursor = pgTable("indexer_cursor", {
  chainId: integer("chain_id").primaryKey(),
  lastBlock: bigint("last_block", { mode: "number" }).notNull(),
  lastBlockHash: text("last_block_hash").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Hashes of recently applied blocks (range ends and blocks with logs), to find the common ancestor after a reorg. */
export const indexerBlocks = pgTable(
  "indexer_blocks",
  {
    chainId: integer("chain_id").notNull(),
    blockNumber: blockNumber(),
    blockHash: text("block_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
);

/** Each wallet's credential as FarmNFT's CredentialSet / CredentialFrozen / CredentialRevoked events leave it. */
export const chainCredentials = pgTable("chain_credentials", {
  wallet: text("wallet").primaryKey(),
  /** 0 none (revoked), 1 retail, 2 professional. */
  tier: integer("tier").notNull(),
  /** Unix seconds; judged against the chain's clock. */
  validUntil: bigint("valid_until", { mode: "number" }).notNull(),
  frozen: boolean("frozen").notNull(),
  limit: uint256("limit").notNull(),
  updatedBlock: bigint("updated_block", { mode: "number" }).notNull(),
});

/**
 * FarmMarket's fills (issue 31): one row per ListingFilled (kind listing) or OfferAccepted (kind offer). `signer` is
 * the order's signer (the listing's seller, the offer's buyer), so an order's filled shares are the sum of its rows.
 * The share movement itself is FarmNFT's TransferSingle of the same transaction, seller to buyer.
 */
export const chainMarketFills = pgTable(
  "chain_market_fills",
  {
    id: text("id").primaryKey(),
    /** listing | offer */
    kind: text("kind").notNull(),
    signer: text("signer").notNull(),
    seller: text("seller").notNull(),
    buyer: text("buyer").notNull(),
    tokenId: uint256("token_id").notNull(),
    nonce: uint256("nonce").notNull(),
    shares: uint256("shares").notNull(),
    /** GOLD base units the buyer paid; the seller received cost - fee. */
    cost: uint256("cost").notNull(),
    /** GOLD base units that went to the fee recipient. */
    fee: uint256("fee").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
  },
  (t) => [
    index("chain_market_fills_order_idx").on(t.signer, t.nonce),
    // A wallet's statement and activity: its purchases and its sales.
    index("chain_market_fills_seller_idx").on(t.seller),
    index("chain_market_fills_buyer_idx").on(t.buyer),
    index("chain_market_fills_block_idx").on(t.blockNumber),
  ],
);

/** FarmMarket's NonceCancelled events: the signer's order with this nonce can no longer be filled. */
export const chainMarketCancels = pgTable(
  "chain_market_cancels",
  {
    id: text("id").primaryKey(),
    signer: text("signer").notNull(),
    nonce: uint256("nonce").notNull(),
    blockNumber: blockNumber(),
    blockTime: blockTime(),
    txHash: text("tx_hash").notNull(),
  },
  (t) => [
    index("chain_market_cancels_order_idx").on(t.signer, t.nonce),
    index("chain_market_cancels_block_idx").on(t.blockNumber),
  ],
);
