import { ONE_GOLD } from "@farm/core";
import { marketOrderDomain } from "@farm/testkit";
import fc from "fast-check";
import { encodeFunctionData, type TypedDataDomain } from "viem";
import { expect } from "vitest";
import { farmMarketAbi } from "../../src/abi/FarmMarket";
import { InvoiceStatus } from "../../src/invoice-status";
import { type Action, FARMER, HONEST_FARMER, RECOVERY_DAYS, SYBILS } from "./adversarial-actions";
import { receiverOutcome } from "./adversarial-credentials";
import type { FastSender, Model, ModelInvoice, ModelOrder } from "./adversarial-model";
import type { Farm, Wallet } from "./farm";
import { appliesTo, near } from "./lifecycle-model";
import { type Listing, type Offer, signListing, signOffer, tradeCost } from "./market";

// Trading actors in the adversarial sequences (decision 0058): holders list and buyers offer at prices from a deep
// discount to a premium, fill and accept in parts, come back to orders already filled, expired or cancelled, a
// farmer's sybils trade its own invoice's shares (to the farmer too), before maturity, in the grace period and after
// a default. The market charges a fee, so the invariants also check that what the buyer pays reaches the seller and
// the fee recipient exactly, and that the market itself never keeps GOLD or shares.

/** The fee the adversarial runs charge on every trade, basis points; its recipient is a wallet outside the actors. */
export const TRADE_FEE_BPS = 30;

export type MarketAction =
  | {
      kind: "list" | "offer" | "sybilTrade";
      seller: number;
      buyer: number;
      invoice: number;
      per10k: number;
      fillPer10k: number;
      pricePer10k: number;
      expiryHours: number;
    }
  | { kind: "refill"; order: number; taker: number; per10k: number }
  | { kind: "cancelOrder"; order: number };

const marketKinds: readonly string[] = ["list", "offer", "sybilTrade", "refill", "cancelOrder"];
export function isMarketAction(act: { kind: string }): act is MarketAction {
  return marketKinds.includes(act.kind);
}

const order = {
  invoice: fc.nat({ max: 12 }),
  per10k: fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 10_000 })),
  fillPer10k: fc.oneof(fc.constant(10_000), fc.integer({ min: 1, max: 10_000 })),
  // From a distressed 30 % of face value to a 20 % premium.
  pricePer10k: fc.oneof(fc.constant(10_000), fc.integer({ min: 3_000, max: 12_000 })),
  expiryHours: fc.oneof(fc.integer({ min: 1, max: 48 }), fc.constant(24 * 90)),
};
export const marketAction: fc.Arbitrary<MarketAction> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom("list" as const, "offer" as const),
      seller: fc.nat({ max: HONEST_FARMER }),
      buyer: fc.nat({ max: HONEST_FARMER }),
      ...order,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("sybilTrade" as const),
      seller: fc.constantFrom(...SYBILS),
      buyer: fc.constantFrom(FARMER, ...SYBILS, 3, 4),
      ...order,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("refill" as const),
      order: fc.nat({ max: 20 }),
      taker: fc.nat({ max: HONEST_FARMER }),
      per10k: fc.integer({ min: 1, max: 12_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("cancelOrder" as const), order: fc.nat({ max: 20 }) }),
  },
);

const domainOf = (f: Farm): TypedDataDomain => marketOrderDomain(f.chain.id, f.deployment.farmMarket);

const portion = (whole: bigint, per10k: number) => {
  const part = (whole * BigInt(per10k)) / 10_000n;
  return part === 0n ? 1n : part;
};

/** The seller and buyer of a fill of `o` by `taker`. */
function sides(o: ModelOrder, taker: number): { seller: number; buyer: number } {
  return o.side === "listing" ? { seller: o.signer, buyer: taker } : { seller: taker, buyer: o.signer };
}

/** What the chain must answer to `taker` filling `amount` of `o` now, in FarmMarket's and FarmNFT's check order. */
function predict(model: Model, o: ModelOrder, taker: number, amount: bigint, now: bigint): string {
  const { seller, buyer } = sides(o, taker);
  if (o.signer === taker) return "SelfTrade";
  if (near(now, o.expiry)) return "near";
  if (now > o.expiry) return "OrderExpired";
  if (o.cancelled) return "OrderCancelled";
  const remaining = o.shares > o.filled ? o.shares - o.filled : 0n;
  if (amount > remaining) return "OrderOverfilled";
  if (o.invoice.status !== InvoiceStatus.Funded && o.invoice.status !== InvoiceStatus.Defaulted) {
    return "InvoiceNotTradable";
  }
  if (tradeCost(amount, o.price) > model.goldOf(buyer)) return "ERC20InsufficientBalance";
  if (model.credentials[seller]?.frozen) return "WalletFrozen";
  const credential = model.credentials[buyer];
  if (!credential) throw new Error(`no credential for actor ${buyer}`);
  const receiver = receiverOutcome(credential, model.holdings(buyer), amount, now);
  if (receiver !== "ok") return receiver;
  return model.sharesOf(o.invoice.id, seller) < amount ? "ERC1155InsufficientBalance" : "ok";
}

/** Where an invoice is when its shares trade, for the coverage check: before maturity, in grace, after default. */
function momentOf(invoice: ModelInvoice, now: bigint): string {
  if (invoice.status === InvoiceStatus.Defaulted) return "trade:defaulted";
  return now > invoice.maturity ? "trade:grace" : "trade:term";
}

async function fill(
  f: Farm,
  sender: FastSender,
  model: Model,
  actors: Wallet[],
  o: ModelOrder,
  taker: number,
  amount: bigint,
  now: bigint,
  moments: Map<string, number>,
): Promise<string> {
  const expected = predict(model, o, taker, amount, now);
  if (expected === "near") return "skipped";
  const signerAddress = (actors[o.signer] as Wallet).account.address;
  const terms = { tokenId: o.invoice.id, shares: o.shares, price: o.price, expiry: o.expiry, nonce: o.nonce };
  const data =
    o.side === "listing"
      ? encodeFunctionData({
          abi: farmMarketAbi,
          functionName: "fillListing",
          args: [{ seller: signerAddress, ...terms }, o.signature, amount],
        })
      : encodeFunctionData({
          abi: farmMarketAbi,
          functionName: "acceptOffer",
          args: [{ buyer: signerAddress, ...terms }, o.signature, amount],
        });
  const { outcome } = await sender.send(actors[taker] as Wallet, f.deployment.farmMarket, data);
  expect(outcome, `${o.side} fill of ${amount} by actor ${taker}`).toBe(expected);
  if (outcome === "ok") {
    const { seller, buyer } = sides(o, taker);
    const cost = tradeCost(amount, o.price);
    const fee = (cost * BigInt(TRADE_FEE_BPS)) / 10_000n;
    const { ledger } = o.invoice;
    ledger[buyer] = (ledger[buyer] as bigint) - cost;
    ledger[seller] = (ledger[seller] as bigint) + cost - fee;
    o.invoice.tradeFees += fee;
    o.filled += amount;
    model.addShares(o.invoice.id, seller, -amount);
    model.addShares(o.invoice.id, buyer, amount);
    const moment = momentOf(o.invoice, now);
    moments.set(moment, (moments.get(moment) ?? 0) + 1);
  }
  return outcome;
}

/** One trading action: on chain and in the model, with the outcome the model predicts. */
export async function marketStep(
  f: Farm,
  sender: FastSender,
  model: Model,
  actors: Wallet[],
  act: MarketAction,
  now: bigint,
  moments: Map<string, number>,
): Promise<string> {
  if (act.kind === "refill" || act.kind === "cancelOrder") {
    const o = model.orders[act.order % Math.max(model.orders.length, 1)];
    if (!o) return "skipped";
    if (act.kind === "refill") {
      return fill(f, sender, model, actors, o, act.taker, portion(o.shares, act.per10k), now, moments);
    }
    // A cancelled nonce is void at once: the next fill of any amount is refused.
    const { outcome } = await sender.send(
      actors[o.signer] as Wallet,
      f.deployment.farmMarket,
      encodeFunctionData({ abi: farmMarketAbi, functionName: "cancel", args: [o.nonce] }),
    );
    expect(outcome, "cancel").toBe("ok");
    o.cancelled = true;
    await fill(f, sender, model, actors, o, o.signer === 3 ? 4 : 3, 1n, now, moments);
    return outcome;
  }
  // Sybil trades aim at the adversary farmer's own invoices; the others at any invoice with shares out, one the
  // seller holds when there is one (else most orders would only meet an empty balance).
  const pool = model.invoices.filter(
    (i) => appliesTo.transfer?.includes(i.status) && (act.kind !== "sybilTrade" || i.farmer === FARMER),
  );
  const held = pool.filter((i) => model.sharesOf(i.id, act.seller) > 0n);
  const choice = held.length > 0 && act.invoice % 4 !== 0 ? held : pool;
  const invoice = choice[act.invoice % Math.max(choice.length, 1)];
  if (!invoice) return "skipped";
  const side = act.kind === "offer" ? "offer" : "listing";
  const signer = side === "listing" ? act.seller : act.buyer;
  const taker = side === "listing" ? act.buyer : act.seller;
  const shares = portion(model.sharesOf(invoice.id, act.seller), act.per10k);
  // An odd base unit on most prices, so fills round.
  const price = (ONE_GOLD * BigInt(act.pricePer10k)) / 10_000n + BigInt(act.pricePer10k % 7);
  model.nonce += 1n;
  const o: ModelOrder = {
    side,
    signer,
    invoice,
    shares,
    price,
    expiry: now + BigInt(act.expiryHours) * 3_600n,
    nonce: model.nonce,
    signature: "0x",
    filled: 0n,
    cancelled: false,
  };
  const signerWallet = actors[signer] as Wallet;
  const terms = { tokenId: invoice.id, shares, price, expiry: o.expiry, nonce: o.nonce };
  const address = signerWallet.account.address;
  o.signature =
    side === "listing"
      ? await signListing(signerWallet, { seller: address, ...terms } satisfies Listing, domainOf(f))
      : await signOffer(signerWallet, { buyer: address, ...terms } satisfies Offer, domainOf(f));
  model.orders.push(o);
  return fill(f, sender, model, actors, o, taker, portion(shares, act.fillPer10k), now, moments);
}

const exampleInvoice = {
  kind: "submit",
  byAdversary: true,
  amount: 1_000n * ONE_GOLD,
  yieldBps: 46,
  tenorDays: 7,
  fundingDays: 5,
} as const;
const trade = { invoice: 0, expiryHours: 24 * 90 } as const;
/**
 * A hand-written run before the random ones, so every trading path the suite requires happens in every run: a sybil
 * funds the farmer's invoice and sells its shares (to an investor, then to the farmer itself once it is verified),
 * orders filled again and over-filled, an offer in the grace period, a distressed sale after the default, a
 * cancelled order refused, and a settled invoice no longer tradable while holders claim what was recovered.
 */
export const tradingThroughDefault: [Action[], Action[], (Action | MarketAction)[]] = [
  [exampleInvoice],
  [{ kind: "invest", actor: SYBILS[0] as number, invoice: 0, per10k: 10_000 }],
  [
    {
      kind: "sybilTrade",
      seller: 1,
      buyer: 3,
      per10k: 4_000,
      fillPer10k: 5_000,
      pricePer10k: 10_300,
      ...trade,
    },
    {
      kind: "sybilTrade",
      seller: 1,
      buyer: FARMER,
      per10k: 1_000,
      fillPer10k: 10_000,
      pricePer10k: 9_000,
      ...trade,
    },
    { kind: "credential", actor: FARMER, op: "verify", limit: 10_000n * ONE_GOLD, validHours: 24 * 365 },
    {
      kind: "sybilTrade",
      seller: 1,
      buyer: FARMER,
      per10k: 2_000,
      fillPer10k: 10_000,
      pricePer10k: 9_000,
      ...trade,
    },
    { kind: "refill", order: 0, taker: 4, per10k: 2_000 },
    { kind: "refill", order: 0, taker: 3, per10k: 12_000 },
    { kind: "advance", hours: 24 * 8 },
    { kind: "offer", seller: 3, buyer: 2, per10k: 5_000, fillPer10k: 10_000, pricePer10k: 9_500, ...trade },
    { kind: "advance", hours: 24 * 7 },
    { kind: "markDefaulted", invoice: 0 },
    {
      kind: "list",
      seller: 3,
      buyer: HONEST_FARMER,
      per10k: 10_000,
      fillPer10k: 5_000,
      pricePer10k: 4_000,
      ...trade,
    },
    { kind: "cancelOrder", order: 4 },
    { kind: "repay", payer: "buyer", invoice: 0, per10k: 5_000 },
    { kind: "advance", hours: 24 * RECOVERY_DAYS + 1 },
    { kind: "settleDefault", invoice: 0 },
    { kind: "list", seller: 3, buyer: 4, per10k: 10_000, fillPer10k: 10_000, pricePer10k: 10_000, ...trade },
    ...[FARMER, 1, 2, 3, 4, HONEST_FARMER].map((actor): Action => ({ kind: "harvest", actor, invoice: 0 })),
  ],
];
