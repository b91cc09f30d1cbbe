import { recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "../gold";
import {
  faceDiscount,
  impliedYield,
  MARKET_PRICE_SCALE,
  marketDomain,
  marketOrderSchema,
  marketTypedData,
  tradeCost,
  tradeFee,
} from "./market";

const DAY_MS = 86_400_000;
const now = new Date("2027-01-01T00:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

describe("market prices", () => {
  it("rounds a trade's cost up, as FarmMarket does: no share is free", () => {
    expect(tradeCost(100n * ONE_GOLD, 98n * 10n ** 16n)).toBe(98n * ONE_GOLD);
    // 1 share at 0.5 GOLD per GOLD of face value costs 0.5 base units: 1.
    expect(tradeCost(1n, MARKET_PRICE_SCALE / 2n)).toBe(1n);
    expect(tradeCost(3n, MARKET_PRICE_SCALE / 3n)).toBe(1n);
    expect(tradeCost(3n, MARKET_PRICE_SCALE / 3n + 1n)).toBe(2n);
    expect(tradeCost(0n, MARKET_PRICE_SCALE)).toBe(0n);
    expect(tradeCost(7n, MARKET_PRICE_SCALE)).toBe(7n);
  });

  it("rounds the fee down and takes it from the cost", () => {
    expect(tradeFee(10_000n, 100)).toBe(100n);
    expect(tradeFee(9_999n, 100)).toBe(99n);
    expect(tradeFee(99n, 100)).toBe(0n);
    expect(tradeFee(1_000n, 0)).toBe(0n);
  });

  it("tells a discount as positive basis points and a premium as negative", () => {
    expect(faceDiscount(98n * 10n ** 16n)).toBe(200);
    expect(faceDiscount(101n * 10n ** 16n)).toBe(-100);
    expect(faceDiscount(MARKET_PRICE_SCALE)).toBe(0);
    // 0.99995 rounds toward zero: 0 bps, never a discount that is not there.
    expect(faceDiscount(99_995n * 10n ** 13n)).toBe(0);
  });
});

describe("implied yield", () => {
  const funded = { yieldBps: 200, status: "funded", maturity: inDays(30), now };

  it("is the shares' face and yield over their cost, to maturity and as an annual rate", () => {
    // 100 GOLD of face at 2 % yield cost 98 GOLD: 102 / 98 - 1 = 4.08 %, over 30 days 49.65 % a year.
    const result = impliedYield({ ...funded, shares: 100n * ONE_GOLD, price: 98n * 10n ** 16n });
    expect(result).toEqual({ defined: true, termBps: 408, annualBps: 4965, daysLeft: 30 });
  });

  it("at par is the invoice's own yield, and turns negative above face plus yield", () => {
    const atPar = impliedYield({ ...funded, shares: 100n * ONE_GOLD, price: MARKET_PRICE_SCALE });
    expect(atPar).toMatchObject({ defined: true, termBps: 200 });
    const dear = impliedYield({ ...funded, shares: 100n * ONE_GOLD, price: 103n * 10n ** 16n });
    expect(dear).toMatchObject({ defined: true, termBps: -97 });
  });

  it("counts the days left up", () => {
    const result = impliedYield({
      ...funded,
      maturity: new Date(now.getTime() + DAY_MS + 1000),
      shares: ONE_GOLD,
      price: MARKET_PRICE_SCALE,
    });
    expect(result).toMatchObject({ defined: true, daysLeft: 2 });
  });

  it("is undefined at or past maturity, after a default and in states that do not trade", () => {
    const shares = 100n * ONE_GOLD;
    const price = MARKET_PRICE_SCALE;
    expect(impliedYield({ ...funded, shares, price, maturity: now })).toEqual({
      defined: false,
      reason: "matured",
    });
    expect(impliedYield({ ...funded, shares, price, maturity: inDays(-3) })).toEqual({
      defined: false,
      reason: "matured",
    });
    expect(impliedYield({ ...funded, shares, price, status: "defaulted" })).toEqual({
      defined: false,
      reason: "defaulted",
    });
    expect(impliedYield({ ...funded, shares, price, status: "repaid" })).toEqual({
      defined: false,
      reason: "notTradable",
    });
  });
});

describe("signed orders", () => {
  const account = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
  const market = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  const order = {
    side: "listing" as const,
    signer: account.address.toLowerCase(),
    tokenId: "7",
    shares: (50n * ONE_GOLD).toString(),
    price: (98n * 10n ** 16n).toString(),
    expiry: "1800000000",
    nonce: "8123456789012345678",
  };

  it("parses an order, checksumming its signer, and refuses a zero price or a uint256 overflow", () => {
    const signature = `0x${"1b".repeat(65)}`;
    expect(marketOrderSchema.parse({ ...order, signature }).signer).toBe(account.address);
    expect(marketOrderSchema.safeParse({ ...order, signature, price: "0" }).success).toBe(false);
    expect(marketOrderSchema.safeParse({ ...order, signature, nonce: (2n ** 256n).toString() }).success).toBe(
      false,
    );
    expect(marketOrderSchema.safeParse({ ...order, signature: "0x12" }).success).toBe(false);
  });

  it("signs and recovers as the contract's EIP-712 Listing, and not under another chain's domain", async () => {
    const typed = marketTypedData(order, 31337, market);
    expect(typed.primaryType).toBe("Listing");
    expect(typed.message).toMatchObject({ seller: order.signer, tokenId: 7n, nonce: 8123456789012345678n });
    const signature = await account.signTypedData(typed);
    expect(await recoverTypedDataAddress({ ...typed, signature })).toBe(account.address);
    const elsewhere = { ...typed, domain: marketDomain(1, market) };
    expect(await recoverTypedDataAddress({ ...elsewhere, signature })).not.toBe(account.address);
    const offer = marketTypedData({ ...order, side: "offer" }, 31337, market);
    expect(offer.primaryType).toBe("Offer");
    expect(await recoverTypedDataAddress({ ...offer, signature })).not.toBe(account.address);
  });
});
