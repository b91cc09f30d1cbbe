import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0, mode: "bigint" });

/**
 * The seed market's order book (issue 31): signed listings and offers the backend validated against the chain when
 * they were posted. Nothing here is trusted for money: FarmMarket checks the signature, the expiry and the nonce again
 * at every fill. `status` and `filled_shares` follow the indexed fills and cancels (`chain_market_fills`,
 * `chain_market_cancels`), recomputed from them in the index's transaction and after a reorg; "expired",
 * "unfunded" (a listing whose seller no longer holds the shares), "frozen" and "unverified" (the signer's credential)
 * change with the clock, positions and credentials, so they are decided when read, never stored.
 */
export const marketOrders = pgTable(
  "market_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The listing's seller or the offer's buyer, checksummed: the wallet that signed. */
    signer: text("signer").notNull(),
    nonce: uint256("nonce").notNull(),
    /** listing | offer */
    side: text("side").notNull(),
    tokenId: uint256("token_id").notNull(),
    /** Shares signed for. */
    shares: uint256("shares").notNull(),
    /** GOLD base units per 1e18 shares. */
    price: uint256("price").notNull(),
    /** Unix seconds, as signed. */
    expiry: uint256("expiry").notNull(),
    /** The EIP-712 signature (0x-hex, 65 bytes). */
    signature: text("signature").notNull(),
    /** open | filled | cancelled (stored); expired, unfunded, frozen and unverified are decided when read. */
    status: text("status").notNull().default("open"),
    filledShares: uint256("filled_shares").notNull().default(sql`0`),
    // Milliseconds, so a keyset cursor carries the exact value through JavaScript's Date.
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // One nonce is one order of its signer (FarmMarket keeps one fill counter per signer and nonce).
    uniqueIndex("market_orders_signer_nonce_unique").on(t.signer, t.nonce),
    // The book pages each side best price first, then newest: one index walk per side, with and without a token.
    index("market_orders_listings_token_idx")
      .on(t.tokenId, t.price, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.side} = 'listing' and ${t.status} = 'open'`),
    index("market_orders_listings_idx")
      .on(t.price, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.side} = 'listing' and ${t.status} = 'open'`),
    index("market_orders_offers_token_idx")
      .on(t.tokenId, t.price.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.side} = 'offer' and ${t.status} = 'open'`),
    index("market_orders_offers_idx")
      .on(t.price.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.side} = 'offer' and ${t.status} = 'open'`),
    // A wallet's own orders, newest first.
    index("market_orders_signer_created_idx").on(t.signer, t.createdAt),
    // A signer's open orders of one side in posting order: what it has committed already (at most the open-order cap
    // live ones), summed when an order is posted and for each order the book serves (services/market/commitments.ts).
    index("market_orders_signer_open_idx")
      .on(t.signer, t.side, t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);
