import {
  type GoldTextProblem,
  MARKET_MAX_PRICE,
  MARKET_PRICE_SCALE,
  type MarketBook,
  type MarketBookEntry,
  type MarketOrderView,
  parseAmountText,
  retypeDecimalText,
  tradeCost,
  tradeFee,
} from "@farm/core";

/*
 * The seed market's figures and form rules, pure so they are tested without a screen. Units as FarmMarket's: one share
 * is one GOLD base unit of face value; a price is GOLD base units per 1e18 shares (GOLD per GOLD of face value).
 */

type Language = "en" | "id";

/** The longest a listing may stay open from the apps (the backend takes up to 90 days). */
export const MAX_LISTING_DAYS = 30;
export const DEFAULT_LISTING_DAYS = 7;

/** A listing's price as a percent of face value with two decimals: 98.5 % is 9,850 hundredths of a percent. */
const PERCENT_HUNDREDTHS = 10_000n;

export type PriceProblem = "empty" | "format" | "tooManyDecimals" | "zero" | "tooHigh";
export type PriceResult = { ok: true; price: bigint } | { ok: false; problem: PriceProblem };

/**
 * A price typed as a percent of face value in the page's language ("98.5" in English, "98,5" in Indonesian; a "%" may
 * follow), at most two decimals, more than 0 and at most 200 % (the book's ceiling).
 */
export function readPricePercent(text: string, language: Language): PriceResult {
  const trimmed = text.trim().replace(/\s*%$/, "").trim();
  if (trimmed === "") return { ok: false, problem: "empty" };
  const decimal = language === "id" ? "," : ".";
  const pattern = language === "id" ? /^\d{1,3}(,\d+)?$/ : /^\d{1,3}(\.\d+)?$/;
  if (!pattern.test(trimmed)) return { ok: false, problem: "format" };
  const [whole = "0", fraction = ""] = trimmed.split(decimal);
  if (fraction.length > 2) return { ok: false, problem: "tooManyDecimals" };
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  if (hundredths === 0n) return { ok: false, problem: "zero" };
  const price = (hundredths * MARKET_PRICE_SCALE) / PERCENT_HUNDREDTHS;
  if (price > MARKET_MAX_PRICE) return { ok: false, problem: "tooHigh" };
  return { ok: true, price };
}

/** A price as the percent of face value the sell form shows and takes back ("98.5"), in the page's language. */
export function pricePercentText(price: bigint, language: Language): string {
  const hundredths = (price * PERCENT_HUNDREDTHS) / MARKET_PRICE_SCALE;
  const whole = hundredths / 100n;
  const fraction = (hundredths % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return fraction ? `${whole}${language === "id" ? "," : "."}${fraction}` : whole.toString();
}

/** A typed price re-written for another language, keeping its value ("98.5" -> "98,5"); a "%" after it stays. */
export function retypePricePercent(text: string, from: Language, to: Language): string {
  const [, figure = "", mark = ""] = /^(.*?)(\s*%\s*)?$/.exec(text) ?? [];
  const retyped = retypeDecimalText(figure, from, to, 2);
  return retyped === figure ? text : `${retyped}${mark}`;
}

export type SharesProblem =
  | { kind: "amount"; problem: GoldTextProblem }
  | { kind: "zero" }
  | { kind: "moreThanHeld"; held: bigint };

export interface SellFormInput {
  sharesText: string;
  priceText: string;
  expiryDays: number;
  /** Shares the wallet holds now (the chain's balance). */
  held: bigint;
  language: Language;
  rupiahPerGold?: bigint | null;
}

export type SellFormResult =
  | { ok: true; shares: bigint; price: bigint; expiryDays: number; cost: bigint }
  | {
      ok: false;
      shares: SharesProblem | null;
      price: PriceProblem | null;
      expiry: "range" | null;
    };

/** The sell form's rules: shares (as GOLD of face value) more than 0 and at most what is held, a price, 1-30 days. */
export function checkSellForm(input: SellFormInput): SellFormResult {
  const amount = parseAmountText(input.sharesText, input.language, input.held, input.rupiahPerGold ?? null);
  let shares: SharesProblem | null = null;
  if (!amount.ok)
    shares =
      amount.problem.kind === "tooLarge"
        ? { kind: "moreThanHeld", held: input.held }
        : { kind: "amount", problem: amount.problem };
  else if (amount.amount === 0n) shares = { kind: "zero" };
  else if (amount.amount > input.held) shares = { kind: "moreThanHeld", held: input.held };
  const price = readPricePercent(input.priceText, input.language);
  const expiryOk =
    Number.isInteger(input.expiryDays) && input.expiryDays >= 1 && input.expiryDays <= MAX_LISTING_DAYS;
  if (shares || !price.ok || !expiryOk || !amount.ok)
    return {
      ok: false,
      shares,
      price: price.ok ? null : price.problem,
      expiry: expiryOk ? null : "range",
    };
  return {
    ok: true,
    shares: amount.amount,
    price: price.price,
    expiryDays: input.expiryDays,
    cost: tradeCost(amount.amount, price.price),
  };
}

/** Half of a holding, rounded down to whole base units (the "half" button of the sell form). */
export function halfOf(shares: bigint): bigint {
  return shares / 2n;
}

/** The red warning a listing carries before any button: its invoice defaulted, or is past maturity unpaid. */
export function listingWarning(entry: Pick<MarketBookEntry, "invoice">): "defaulted" | "overdue" | null {
  if (entry.invoice.defaulted || entry.invoice.state.name === "defaulted") return "defaulted";
  if (entry.invoice.overdue || entry.invoice.state.name === "overdue") return "overdue";
  return null;
}

/** Discount (positive) or premium (negative) to face value, or par. */
export function discountKind(discountBps: number): "discount" | "premium" | "par" {
  return discountBps > 0 ? "discount" : discountBps < 0 ? "premium" : "par";
}

/** What a fill of `amount` shares of a listing costs the buyer and what the seller gets after the market's fee. */
export function fillFigures(amount: bigint, price: bigint, feeBps: number) {
  const cost = tradeCost(amount, price);
  const fee = tradeFee(cost, feeBps);
  return { cost, fee, sellerGets: cost - fee };
}

export type FillProblem =
  | { kind: "amount"; problem: GoldTextProblem }
  | { kind: "zero" }
  | { kind: "moreThanListed"; remaining: bigint }
  | { kind: "aboveLimit"; available: bigint }
  | { kind: "noBalance" };

export type FillCheck =
  | { ok: true; amount: bigint; cost: bigint; fee: bigint }
  | { ok: false; problem: FillProblem | null };

/**
 * The buy panel's amount: shares as GOLD of face value (all or part of what remains), within the wallet's limit (the
 * face value bought counts toward it, as an investment in the shop does) and its GOLD balance.
 */
export function checkFill(input: {
  text: string;
  language: Language;
  remaining: bigint;
  price: bigint;
  feeBps: number;
  available: bigint | null;
  balance: bigint | null;
  rupiahPerGold?: bigint | null;
}): FillCheck {
  if (input.text.trim() === "") return { ok: false, problem: null };
  const amount = parseAmountText(input.text, input.language, input.remaining, input.rupiahPerGold ?? null);
  if (!amount.ok)
    return {
      ok: false,
      problem:
        amount.problem.kind === "tooLarge"
          ? { kind: "moreThanListed", remaining: input.remaining }
          : { kind: "amount", problem: amount.problem },
    };
  if (amount.amount === 0n) return { ok: false, problem: { kind: "zero" } };
  if (amount.amount > input.remaining)
    return { ok: false, problem: { kind: "moreThanListed", remaining: input.remaining } };
  if (input.available !== null && amount.amount > input.available)
    return { ok: false, problem: { kind: "aboveLimit", available: input.available } };
  const { cost, fee } = fillFigures(amount.amount, input.price, input.feeBps);
  if (input.balance !== null && cost > input.balance) return { ok: false, problem: { kind: "noBalance" } };
  return { ok: true, amount: amount.amount, cost, fee };
}

/** One order's key: a signer's nonce is one order. */
export const orderKey = (order: Pick<MarketOrderView, "signer" | "nonce">) =>
  `${order.signer.toLowerCase()}:${order.nonce}`;

/**
 * The book's pages as one list: a listing may move between pages while one reads them (filled, or a new one ahead of
 * it), so an order met twice shows once, where it was first met.
 */
export function bookListings<T extends Pick<MarketOrderView, "signer" | "nonce">>(
  pages: readonly { items: readonly T[] }[],
): T[] {
  const seen = new Set<string>();
  const listings: T[] = [];
  for (const page of pages)
    for (const item of page.items) {
      const key = orderKey(item);
      if (seen.has(key)) continue;
      seen.add(key);
      listings.push(item);
    }
  return listings;
}

/** A random 64-bit nonce for a new order (the apps' convention; the contract takes any uint256). */
export function randomNonce(): bigint {
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (BigInt(words[0] ?? 0) << 32n) | BigInt(words[1] ?? 0);
}

export type AcceptProblem =
  | { kind: "amount"; problem: GoldTextProblem }
  | { kind: "zero" }
  | { kind: "moreThanWanted"; remaining: bigint }
  | { kind: "moreThanHeld"; held: bigint };

export type AcceptCheck =
  | { ok: true; amount: bigint; cost: bigint; fee: bigint; youReceive: bigint }
  | { ok: false; problem: AcceptProblem | null };

/** What "Sell into this offer" starts at: all the offer still wants, or all that is held if that is less. */
export function defaultAcceptShares(held: bigint, remaining: bigint): bigint {
  return held < remaining ? held : remaining;
}

/**
 * The accept form's amount: shares as GOLD of face value, more than 0, at most what the offer still wants and what the
 * wallet holds; the figures are what the buyer pays (ceil(amount * price / 1e18)), the fee, and what the holder gets.
 */
export function checkAccept(input: {
  text: string;
  language: Language;
  remaining: bigint;
  held: bigint;
  price: bigint;
  feeBps: number;
  rupiahPerGold?: bigint | null;
}): AcceptCheck {
  if (input.text.trim() === "") return { ok: false, problem: null };
  // Above both (their sum will do as a ceiling for the parser): the smaller one is what binds.
  const ceiling = input.remaining + input.held;
  const amount = parseAmountText(input.text, input.language, ceiling, input.rupiahPerGold ?? null);
  if (!amount.ok)
    return {
      ok: false,
      problem:
        amount.problem.kind === "tooLarge"
          ? input.remaining <= input.held
            ? { kind: "moreThanWanted", remaining: input.remaining }
            : { kind: "moreThanHeld", held: input.held }
          : { kind: "amount", problem: amount.problem },
    };
  if (amount.amount === 0n) return { ok: false, problem: { kind: "zero" } };
  // Past either bound, the smaller one is what the person is told.
  if (amount.amount > input.remaining || amount.amount > input.held)
    return {
      ok: false,
      problem:
        input.remaining <= input.held
          ? { kind: "moreThanWanted", remaining: input.remaining }
          : { kind: "moreThanHeld", held: input.held },
    };
  const { cost, fee, sellerGets } = fillFigures(amount.amount, input.price, input.feeBps);
  return { ok: true, amount: amount.amount, cost, fee, youReceive: sellerGets };
}

/** No offer is bigger than this (a billion GOLD of face value): the wallet's limit is far below it. */
const OFFER_SHARES_CEILING = 10n ** 27n;

export type OfferSharesProblem =
  | { kind: "amount"; problem: GoldTextProblem }
  | { kind: "zero" }
  | { kind: "aboveLimit"; available: bigint };

export interface OfferFormInput {
  sharesText: string;
  priceText: string;
  expiryDays: number;
  language: Language;
  /** What the wallet's investment limit leaves (face value); null when unknown. */
  available: bigint | null;
  /** The wallet's GOLD balance; null when unknown. */
  balance: bigint | null;
  rupiahPerGold?: bigint | null;
}

export type OfferFormResult =
  | { ok: true; shares: bigint; price: bigint; expiryDays: number; cost: bigint }
  | {
      ok: false;
      shares: OfferSharesProblem | null;
      price: PriceProblem | null;
      expiry: "range" | null;
      /** The offer would cost more GOLD than the wallet holds (the book refuses it). */
      noBalance: boolean;
    };

/**
 * The offer form's rules: shares (GOLD of face value) more than 0 and within the wallet's limit (the book checks the
 * credential's room for the shares), a price of more than 0 and at most 200 % of face value, 1-30 days, and a cost the
 * wallet's GOLD covers.
 */
export function checkOfferForm(input: OfferFormInput): OfferFormResult {
  const amount = parseAmountText(
    input.sharesText,
    input.language,
    OFFER_SHARES_CEILING,
    input.rupiahPerGold ?? null,
  );
  let shares: OfferSharesProblem | null = null;
  if (!amount.ok) shares = { kind: "amount", problem: amount.problem };
  else if (amount.amount === 0n) shares = { kind: "zero" };
  else if (input.available !== null && amount.amount > input.available)
    shares = { kind: "aboveLimit", available: input.available };
  const price = readPricePercent(input.priceText, input.language);
  const expiryOk =
    Number.isInteger(input.expiryDays) && input.expiryDays >= 1 && input.expiryDays <= MAX_LISTING_DAYS;
  const cost = amount.ok && price.ok ? tradeCost(amount.amount, price.price) : null;
  const noBalance = cost !== null && shares === null && input.balance !== null && cost > input.balance;
  if (shares || !price.ok || !expiryOk || !amount.ok || cost === null || noBalance)
    return {
      ok: false,
      shares,
      price: price.ok ? null : price.problem,
      expiry: expiryOk ? null : "range",
      noBalance,
    };
  return { ok: true, shares: amount.amount, price: price.price, expiryDays: input.expiryDays, cost };
}

/** GOLD the wallet's open offers may still take: each one's remaining shares at its price (rounded up, as a fill). */
export function openOffersCost(orders: readonly MarketOrderView[]): bigint {
  return orders
    .filter((order) => order.side === "offer" && order.status === "open")
    .reduce((sum, order) => sum + tradeCost(BigInt(order.remaining), BigInt(order.price)), 0n);
}

/** Whether the admin paused trading, as the book's latest page says (each page carries it). */
export function bookPaused(pages: readonly MarketBook[] | undefined): boolean {
  return pages?.some((page) => page.paused) ?? false;
}
