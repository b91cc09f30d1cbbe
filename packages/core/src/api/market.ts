import { z } from "zod";
import { SECONDS_PER_DAY } from "../time";
import { yieldOn } from "../yield";
import { addressInputSchema, addressSchema, baseUnitsSchema, tokenIdSchema } from "./common";
import { buyerRecordSchema, repaymentRecordSchema } from "./disclosures";
import { invoiceStateSchema } from "./states";

/*
 * The seed market (issue 31): holders sign EIP-712 listings, buyers sign offers; the backend keeps the book, FarmMarket
 * fills them atomically. Units: shares are FarmNFT units (1 share = 1 GOLD base unit of face value); `price` is GOLD
 * base units per 1e18 shares (GOLD per GOLD of face value), so 0.98e18 is a 2 % discount and 1.01e18 a 1 % premium.
 */

/** The price of one GOLD of face value at par: `price` is scaled by this. */
export const MARKET_PRICE_SCALE = 10n ** 18n;
/** The highest price an order may carry: twice face value (the backend refuses more; the contract does not care). */
export const MARKET_MAX_PRICE = 2n * MARKET_PRICE_SCALE;
/** The furthest an order's expiry may lie after the chain's clock when it is posted. */
export const MARKET_MAX_EXPIRY_SECONDS = 90 * SECONDS_PER_DAY;
/** FarmMarket's MAX_FEE_BPS: the platform fee on a trade is at most 1 % of its cost. */
export const MARKET_MAX_FEE_BPS = 100;
const BPS = 10_000n;
const UINT256_MAX = 2n ** 256n - 1n;
const SECONDS_PER_YEAR = 365n * BigInt(SECONDS_PER_DAY);

/** The EIP-712 types of FarmMarket's orders, as the contract hashes them (the apps sign, the backend verifies). */
export const marketTypes = {
  Listing: [
    { name: "seller", type: "address" },
    { name: "tokenId", type: "uint256" },
    { name: "shares", type: "uint256" },
    { name: "price", type: "uint256" },
    { name: "expiry", type: "uint256" },
    { name: "nonce", type: "uint256" },
  ],
  Offer: [
    { name: "buyer", type: "address" },
    { name: "tokenId", type: "uint256" },
    { name: "shares", type: "uint256" },
    { name: "price", type: "uint256" },
    { name: "expiry", type: "uint256" },
    { name: "nonce", type: "uint256" },
  ],
} as const;

/** FarmMarket's EIP-712 domain on one chain: an order signed for another chain or market does not verify here. */
export function marketDomain(chainId: number, verifyingContract: `0x${string}`) {
  return { name: "FarmMarket", version: "1", chainId, verifyingContract } as const;
}

export const marketSides = ["listing", "offer"] as const;
export const marketSideSchema = z.enum(marketSides);
export type MarketSide = z.infer<typeof marketSideSchema>;

/** Where an order stands: open (fillable as far as the index knows), filled, cancelled on chain, expired, unfunded
 *  (a listing whose seller no longer holds the remaining shares, an offer its buyer's GOLD no longer covers), frozen
 *  (its signer's wallet is frozen) or unverified (an offer whose buyer's credential lapsed or was revoked). */
export const marketOrderStatuses = [
  "open",
  "filled",
  "cancelled",
  "expired",
  "unfunded",
  "frozen",
  "unverified",
] as const;
export const marketOrderStatusSchema = z.enum(marketOrderStatuses);
export type MarketOrderStatus = z.infer<typeof marketOrderStatusSchema>;

const decimalInteger = /^\d{1,78}$/;
/**
 * A uint256 as a decimal string. Each check re-tests the pattern: zod runs refinements even after the regex failed,
 * and BigInt("abc") throws (a 500 instead of the 400 that names the field).
 */
const uint256Schema = z
  .string()
  .regex(decimalInteger, "a decimal integer")
  .refine((value) => !decimalInteger.test(value) || BigInt(value) <= UINT256_MAX, "at most 2^256 - 1");
const positiveUint256Schema = uint256Schema.refine(
  (value) => !decimalInteger.test(value) || BigInt(value) > 0n,
  "more than 0",
);
/** A 65-byte ECDSA signature (r, s, v) as 0x-hex. */
export const orderSignatureSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{130}$/, "a 65-byte signature as 0x-hex")
  .meta({ example: `0x${"1b".repeat(65)}` });

const orderTerms = {
  tokenId: tokenIdSchema,
  /** Shares (1 = 1 GOLD base unit of face value). */
  shares: positiveUint256Schema,
  /** GOLD base units per 1e18 shares. */
  price: positiveUint256Schema.meta({ example: "980000000000000000" }),
  /** Unix seconds; a fill after it is refused. */
  expiry: positiveUint256Schema.meta({ example: "1800000000" }),
  /** Any uint256 the signer picks (the apps a random 64-bit value); one nonce is one order of that signer. */
  nonce: uint256Schema.meta({ example: "8123456789012345678" }),
};

/** The EIP-712 Listing message as JSON (uint256 values as decimal strings). */
export const marketListingSchema = z.object({ seller: addressInputSchema, ...orderTerms });
export type MarketListing = z.infer<typeof marketListingSchema>;
/** The EIP-712 Offer message as JSON. */
export const marketOfferSchema = z.object({ buyer: addressInputSchema, ...orderTerms });
export type MarketOffer = z.infer<typeof marketOfferSchema>;

/**
 * A signed order as `POST /api/market/orders` takes it: the side, the signer (the listing's seller or the offer's
 * buyer) and the terms it signed, with its signature. Addresses in any letter case (answered checksummed).
 */
export const marketOrderSchema = z
  .object({
    side: marketSideSchema,
    signer: addressInputSchema,
    ...orderTerms,
    signature: orderSignatureSchema,
  })
  .meta({ id: "MarketOrderRequest" });
export type MarketOrderInput = z.input<typeof marketOrderSchema>;
export type MarketOrderRequest = z.infer<typeof marketOrderSchema>;

/** An order's signed terms as JSON (decimal strings), whatever the letter case of its signer. */
export interface MarketOrderTerms {
  side: MarketSide;
  signer: string;
  tokenId: string;
  shares: string;
  price: string;
  expiry: string;
  nonce: string;
}

/** What an order's EIP-712 signature covers: the side's primary type and its message, uint256 values as bigints. */
export function marketTypedMessage(order: MarketOrderTerms) {
  const terms = {
    tokenId: BigInt(order.tokenId),
    shares: BigInt(order.shares),
    price: BigInt(order.price),
    expiry: BigInt(order.expiry),
    nonce: BigInt(order.nonce),
  };
  return order.side === "listing"
    ? { primaryType: "Listing" as const, message: { seller: order.signer as `0x${string}`, ...terms } }
    : { primaryType: "Offer" as const, message: { buyer: order.signer as `0x${string}`, ...terms } };
}

/** The whole typed data an app signs (viem `signTypedData`) and the backend verifies, for one order. */
export function marketTypedData(order: MarketOrderTerms, chainId: number, market: `0x${string}`) {
  return { domain: marketDomain(chainId, market), types: marketTypes, ...marketTypedMessage(order) };
}

/** What a fill of `amount` shares at `price` costs the buyer: ceil(amount * price / 1e18), as FarmMarket rounds it
 *  (in the seller's favour: no share is ever free). */
export function tradeCost(amount: bigint, price: bigint): bigint {
  const product = amount * price;
  return product === 0n ? 0n : (product - 1n) / MARKET_PRICE_SCALE + 1n;
}

/** The platform fee on a trade of `cost`: cost * feeBps / 10,000 rounded down, taken from what the seller receives. */
export function tradeFee(cost: bigint, feeBps: number | bigint): bigint {
  return (cost * BigInt(feeBps)) / BPS;
}

/**
 * The discount to face value a price means, in basis points rounded toward zero: positive below par (0.98e18 is 200,
 * a 2 % discount), negative above it (1.01e18 is -100, a 1 % premium), 0 at par.
 */
export function faceDiscount(price: bigint): number {
  return Number(((MARKET_PRICE_SCALE - price) * BPS) / MARKET_PRICE_SCALE);
}

/** Why a price has no implied yield: the invoice is past maturity unpaid (or repaid: not tradable), or defaulted. */
export type ImpliedYieldUndefined = "matured" | "defaulted" | "notTradable";

export type ImpliedYield =
  | {
      defined: true;
      /** What the buyer earns to maturity if the invoice is repaid in full, in basis points of its cost (rounded toward
       *  zero; negative when the price is above face value plus the shares' yield). */
      termBps: number;
      /** The term return scaled to a year over the time left (simple, 365-day year), basis points toward zero. */
      annualBps: number;
      /** Whole days to maturity, counted up. */
      daysLeft: number;
    }
  | { defined: false; reason: ImpliedYieldUndefined };

export interface ImpliedYieldInput {
  shares: bigint;
  price: bigint;
  /** The invoice's yield for its whole term, basis points. */
  yieldBps: number;
  /** The invoice's status on chain (lower case). */
  status: string;
  maturity: Date | null;
  /** The chain's clock. */
  now: Date;
}

/**
 * What a buyer at `price` earns if the invoice is repaid in full at maturity: (face + the shares' yield) / cost - 1,
 * and its annual equivalent over the time left. Undefined once the invoice is past maturity (overdue: whether and when
 * it pays is no longer a yield), defaulted or settled (recoveries are uncertain), or in a state that does not trade.
 */
export function impliedYield(input: ImpliedYieldInput): ImpliedYield {
  if (input.status === "defaulted" || input.status === "settled")
    return { defined: false, reason: "defaulted" };
  if (input.status !== "funded" || input.maturity === null || input.shares <= 0n || input.price <= 0n)
    return { defined: false, reason: "notTradable" };
  const secondsLeft = BigInt(Math.floor((input.maturity.getTime() - input.now.getTime()) / 1000));
  if (secondsLeft <= 0n) return { defined: false, reason: "matured" };
  const cost = tradeCost(input.shares, input.price);
  const gain = input.shares + yieldOn(input.shares, input.yieldBps) - cost;
  return {
    defined: true,
    termBps: Number((gain * BPS) / cost),
    annualBps: Number((gain * BPS * SECONDS_PER_YEAR) / (cost * secondsLeft)),
    daysLeft: Number((secondsLeft + BigInt(SECONDS_PER_DAY) - 1n) / BigInt(SECONDS_PER_DAY)),
  };
}

/** An order as the book keeps it. */
const marketOrderViewShape = {
  side: marketSideSchema,
  signer: addressSchema,
  tokenId: tokenIdSchema,
  /** Shares the order was signed for. */
  shares: baseUnitsSchema,
  price: baseUnitsSchema,
  /** Unix seconds, as signed. */
  expiry: baseUnitsSchema,
  nonce: baseUnitsSchema,
  signature: orderSignatureSchema,
  expiresAt: z.iso.datetime(),
  status: marketOrderStatusSchema,
  /** Shares filled on chain so far (indexed fills). */
  filledShares: baseUnitsSchema,
  /** Shares still fillable: shares - filledShares (0 once cancelled). */
  remaining: baseUnitsSchema,
  createdAt: z.iso.datetime(),
};
export const marketOrderViewSchema = z.object(marketOrderViewShape).meta({ id: "MarketOrder" });
export type MarketOrderView = z.infer<typeof marketOrderViewSchema>;

/** The invoice an order trades, as the book shows it beside the order. */
export const marketInvoiceSchema = z.object({
  farmer: addressSchema,
  /** Derived at the chain's clock: funded, overdue, defaulted (the only states that trade). */
  state: invoiceStateSchema,
  maturity: z.iso.datetime().nullable(),
  yieldBps: z.number().int(),
  tenorDays: z.number().int(),
  /** Past maturity and unpaid: the apps say so in red before any button. */
  overdue: z.boolean(),
  /** Declared defaulted: holders get only what is recovered. */
  defaulted: z.boolean(),
});

/** One live order of the book with what a person needs to judge its price. */
export const marketBookEntrySchema = z
  .object({
    ...marketOrderViewShape,
    invoice: marketInvoiceSchema,
    /** Face value of the remaining shares (principal, GOLD base units: one share is one base unit). */
    faceValue: baseUnitsSchema,
    /** What the remaining shares cost at this price (tradeCost). */
    cost: baseUnitsSchema,
    /** The platform fee on that cost, taken from the seller's proceeds. */
    fee: baseUnitsSchema,
    /** Discount to face value in basis points; negative is a premium. */
    discountBps: z.number().int(),
    /** impliedYield: null (with the reason) past maturity or after a default. */
    impliedYieldBps: z.number().int().nullable(),
    impliedAnnualYieldBps: z.number().int().nullable(),
    daysToMaturity: z.number().int().nullable(),
    impliedYieldUndefined: z.enum(["matured", "defaulted", "notTradable"]).nullable(),
    farmerRecord: repaymentRecordSchema,
    /** The invoice's buyer entity and its record; null when the platform holds no metadata for the invoice. */
    buyerRecord: buyerRecordSchema.nullable(),
  })
  .meta({ id: "MarketBookEntry" });
export type MarketBookEntry = z.infer<typeof marketBookEntrySchema>;

export const marketBookSchema = z
  .object({
    items: z.array(marketBookEntrySchema),
    nextCursor: z.string().nullable(),
    /** The admin paused trading (FarmMarket's latest Paused/Unpaused as indexed): fills revert until it is lifted. */
    paused: z.boolean(),
  })
  .meta({ id: "MarketBook" });
export type MarketBook = z.infer<typeof marketBookSchema>;

export const marketBookQuerySchema = z.object({
  tokenId: tokenIdSchema.optional(),
  side: marketSideSchema.default("listing"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(300).optional(),
});
export type MarketBookQuery = z.infer<typeof marketBookQuerySchema>;

export const marketOrderParamsSchema = z.object({ signer: addressInputSchema, nonce: uint256Schema });

export const myMarketOrdersSchema = z
  .object({ items: z.array(marketOrderViewSchema) })
  .meta({ id: "MyMarketOrders" });
export type MyMarketOrders = z.infer<typeof myMarketOrdersSchema>;

/** The market as `GET /api/config` tells the apps: its address and fee; null on a deployment without FarmMarket. */
export const marketConfigSchema = z.object({
  address: addressSchema,
  feeBps: z.number().int().min(0).max(MARKET_MAX_FEE_BPS),
  feeRecipient: addressSchema.nullable(),
  /** The admin paused trading: buying a listing and accepting an offer are refused until unpaused; cancelling works. */
  paused: z.boolean(),
});
export type MarketConfig = z.infer<typeof marketConfigSchema>;
