import { MARKET_PRICE_SCALE, type MarketOrderView } from "@farm/core";
import { describe, expect, it } from "vitest";
import {
  bookListings,
  checkAccept,
  checkFill,
  checkOfferForm,
  checkSellForm,
  defaultAcceptShares,
  discountKind,
  fillFigures,
  halfOf,
  listingWarning,
  openOffersCost,
  pricePercentText,
  randomNonce,
  readPricePercent,
  retypePricePercent,
} from "./market-figures";
import { listingFixture, overdueListing } from "./market-fixtures.test-support";

const G = 10n ** 18n;
const held = 1_000n * G;

describe("a price typed as a percent of face value", () => {
  it("reads the page's language: 98.5 in English, 98,5 in Indonesian, a % sign allowed", () => {
    expect(readPricePercent("98", "en")).toEqual({ ok: true, price: (98n * G) / 100n });
    expect(readPricePercent("98.5 %", "en")).toEqual({ ok: true, price: (985n * G) / 1000n });
    expect(readPricePercent("98,5", "id")).toEqual({ ok: true, price: (985n * G) / 1000n });
    expect(readPricePercent("101.25", "en")).toEqual({ ok: true, price: (10125n * G) / 10_000n });
  });

  it("refuses what it cannot read exactly, nothing, zero and more than twice face value", () => {
    expect(readPricePercent("", "en")).toEqual({ ok: false, problem: "empty" });
    expect(readPricePercent("98,5", "en")).toEqual({ ok: false, problem: "format" });
    expect(readPricePercent("98.5", "id")).toEqual({ ok: false, problem: "format" });
    expect(readPricePercent("abc", "en")).toEqual({ ok: false, problem: "format" });
    expect(readPricePercent("98.125", "en")).toEqual({ ok: false, problem: "tooManyDecimals" });
    expect(readPricePercent("0", "en")).toEqual({ ok: false, problem: "zero" });
    expect(readPricePercent("200", "en").ok).toBe(true);
    expect(readPricePercent("200.01", "en")).toEqual({ ok: false, problem: "tooHigh" });
  });

  it("writes a price back as the form shows it", () => {
    expect(pricePercentText((985n * G) / 1000n, "id")).toBe("98,5");
    expect(pricePercentText(MARKET_PRICE_SCALE, "en")).toBe("100");
  });

  it("re-writes a typed price for another language with the same value, its % kept", () => {
    expect(retypePricePercent("98.5", "en", "id")).toBe("98,5");
    expect(retypePricePercent("98,5 %", "id", "en")).toBe("98.5 %");
    expect(readPricePercent(retypePricePercent("97.25", "en", "id"), "id")).toEqual(
      readPricePercent("97.25", "en"),
    );
    expect(retypePricePercent("abc", "en", "id")).toBe("abc");
  });
});

describe("the sell form", () => {
  const form = { sharesText: "1,000", priceText: "98", expiryDays: 7, held, language: "en" as const };

  it("lists all shares by default and half at one press", () => {
    const all = checkSellForm(form);
    expect(all).toMatchObject({ ok: true, shares: held, price: (98n * G) / 100n, expiryDays: 7 });
    if (all.ok) expect(all.cost).toBe(980n * G);
    expect(halfOf(held)).toBe(500n * G);
    expect(halfOf(3n)).toBe(1n);
    expect(checkSellForm({ ...form, sharesText: "500" })).toMatchObject({ ok: true, shares: 500n * G });
    expect(checkSellForm({ ...form, sharesText: "500,5", language: "id" })).toMatchObject({
      ok: true,
      shares: 5005n * 10n ** 17n,
    });
  });

  it("refuses more shares than held, none, and amounts it cannot read", () => {
    expect(checkSellForm({ ...form, sharesText: "1,000.01" })).toMatchObject({
      ok: false,
      shares: { kind: "moreThanHeld", held },
    });
    expect(checkSellForm({ ...form, sharesText: "0" })).toMatchObject({
      ok: false,
      shares: { kind: "zero" },
    });
    expect(checkSellForm({ ...form, sharesText: "2.5", language: "id" })).toMatchObject({
      ok: false,
      shares: { kind: "amount", problem: { kind: "wrongSeparators" } },
    });
  });

  it("refuses a bad price and an expiry outside 1 to 30 days, field by field", () => {
    expect(checkSellForm({ ...form, priceText: "0" })).toEqual({
      ok: false,
      shares: null,
      price: "zero",
      expiry: null,
    });
    for (const days of [0, 31, 2.5, Number.NaN])
      expect(checkSellForm({ ...form, expiryDays: days })).toMatchObject({ ok: false, expiry: "range" });
    expect(checkSellForm({ ...form, expiryDays: 1 }).ok).toBe(true);
    expect(checkSellForm({ ...form, expiryDays: 30 }).ok).toBe(true);
  });
});

describe("a listing's figures", () => {
  it("says discount, premium or par", () => {
    expect(discountKind(200)).toBe("discount");
    expect(discountKind(-100)).toBe("premium");
    expect(discountKind(0)).toBe("par");
  });

  it("warns of an overdue or defaulted invoice, and of nothing otherwise", () => {
    expect(listingWarning(listingFixture())).toBeNull();
    expect(listingWarning(overdueListing())).toBe("overdue");
    const base = listingFixture();
    expect(listingWarning({ invoice: { ...base.invoice, defaulted: true } })).toBe("defaulted");
  });

  it("costs the buyer the rounded-up price and takes the fee from the seller", () => {
    // 1 share at 0.98: 0.98 base units rounds up to 1, as FarmMarket rounds.
    expect(fillFigures(1n, (98n * G) / 100n, 0)).toEqual({ cost: 1n, fee: 0n, sellerGets: 1n });
    expect(fillFigures(250n * G, (98n * G) / 100n, 100)).toEqual({
      cost: 245n * G,
      fee: (245n * G) / 100n,
      sellerGets: 245n * G - (245n * G) / 100n,
    });
  });
});

describe("the buy panel's amount", () => {
  const fill = {
    text: "250",
    language: "en" as const,
    remaining: 500n * G,
    price: (98n * G) / 100n,
    feeBps: 0,
    available: 750n * G,
    balance: 10_000n * G,
  };

  it("buys part or all of what remains, at its cost", () => {
    expect(checkFill(fill)).toEqual({ ok: true, amount: 250n * G, cost: 245n * G, fee: 0n });
    expect(checkFill({ ...fill, text: "500" })).toMatchObject({ ok: true, amount: 500n * G });
  });

  it("refuses more than is listed, more than the limit leaves and more than the balance pays", () => {
    expect(checkFill({ ...fill, text: "" })).toEqual({ ok: false, problem: null });
    expect(checkFill({ ...fill, text: "501" })).toMatchObject({
      ok: false,
      problem: { kind: "moreThanListed" },
    });
    expect(checkFill({ ...fill, available: 100n * G })).toMatchObject({
      ok: false,
      problem: { kind: "aboveLimit", available: 100n * G },
    });
    expect(checkFill({ ...fill, balance: 10n * G })).toMatchObject({
      ok: false,
      problem: { kind: "noBalance" },
    });
    expect(checkFill({ ...fill, text: "0" })).toMatchObject({ ok: false, problem: { kind: "zero" } });
  });
});

describe("the book's pages", () => {
  it("join into one list, an order met on two pages shown once", () => {
    const a = listingFixture({ nonce: "1" });
    const b = listingFixture({ nonce: "2" });
    const c = listingFixture({ nonce: "3" });
    expect(bookListings([{ items: [a, b] }, { items: [b, c] }]).map((item) => item.nonce)).toEqual([
      "1",
      "2",
      "3",
    ]);
  });

  it("draws 64-bit nonces", () => {
    const nonce = randomNonce();
    expect(nonce >= 0n && nonce < 2n ** 64n).toBe(true);
  });
});

describe("selling into an offer", () => {
  const price = (97n * G) / 100n;

  it("starts at all the offer wants, or all that is held if that is less", () => {
    expect(defaultAcceptShares(400n * G, 1_000n * G)).toBe(400n * G);
    expect(defaultAcceptShares(400n * G, 150n * G)).toBe(150n * G);
  });

  it("shows what the buyer pays (rounded up), the fee and what the holder receives", () => {
    const base = { language: "en" as const, remaining: 500n * G, held: 400n * G, price, feeBps: 50 };
    expect(checkAccept({ ...base, text: "100" })).toEqual({
      ok: true,
      amount: 100n * G,
      cost: 97n * G,
      fee: (97n * G * 50n) / 10_000n,
      youReceive: 97n * G - (97n * G * 50n) / 10_000n,
    });
    // One base unit at 97 %: the cost rounds up to a whole base unit, the fee down to nothing.
    expect(checkAccept({ ...base, text: "0.000000000000000001" })).toMatchObject({
      ok: true,
      amount: 1n,
      cost: 1n,
      fee: 0n,
      youReceive: 1n,
    });
    expect(checkAccept({ ...base, text: "100,5", language: "id" })).toMatchObject({
      ok: true,
      amount: 1005n * (G / 10n),
    });
  });

  it("refuses nothing typed, zero, more than the offer wants and more than held", () => {
    const base = { language: "en" as const, remaining: 500n * G, held: 400n * G, price, feeBps: 0 };
    expect(checkAccept({ ...base, text: "" })).toEqual({ ok: false, problem: null });
    expect(checkAccept({ ...base, text: "0" })).toEqual({ ok: false, problem: { kind: "zero" } });
    expect(checkAccept({ ...base, text: "abc" })).toMatchObject({ ok: false, problem: { kind: "amount" } });
    expect(checkAccept({ ...base, text: "450" })).toEqual({
      ok: false,
      problem: { kind: "moreThanHeld", held: 400n * G },
    });
    expect(checkAccept({ ...base, text: "600" })).toEqual({
      ok: false,
      problem: { kind: "moreThanHeld", held: 400n * G },
    });
    expect(checkAccept({ ...base, held: 1_000n * G, text: "600" })).toEqual({
      ok: false,
      problem: { kind: "moreThanWanted", remaining: 500n * G },
    });
    expect(checkAccept({ ...base, held: 1_000n * G, text: "2000" })).toEqual({
      ok: false,
      problem: { kind: "moreThanWanted", remaining: 500n * G },
    });
  });
});

describe("the offer form", () => {
  const base = {
    sharesText: "100",
    priceText: "97",
    expiryDays: 7,
    language: "en" as const,
    available: 500n * G,
    balance: 1_000n * G,
  };

  it("takes shares, a price as a percent of face value and 1-30 days, and costs what FarmMarket charges", () => {
    expect(checkOfferForm(base)).toEqual({
      ok: true,
      shares: 100n * G,
      price: (97n * G) / 100n,
      expiryDays: 7,
      cost: 97n * G,
    });
    expect(checkOfferForm({ ...base, sharesText: "100,5", priceText: "97,5", language: "id" })).toMatchObject(
      {
        ok: true,
        shares: 1005n * (G / 10n),
        price: (975n * G) / 1000n,
      },
    );
    expect(checkOfferForm({ ...base, expiryDays: 30 }).ok).toBe(true);
    expect(checkOfferForm({ ...base, available: null, balance: null, sharesText: "10000" }).ok).toBe(true);
  });

  it("refuses shares beyond the wallet's limit, zero, a bad price and an expiry outside 1-30 days", () => {
    expect(checkOfferForm({ ...base, sharesText: "501", priceText: "0", expiryDays: 31 })).toEqual({
      ok: false,
      shares: { kind: "aboveLimit", available: 500n * G },
      price: "zero",
      expiry: "range",
      noBalance: false,
    });
    expect(checkOfferForm({ ...base, sharesText: "0" })).toMatchObject({
      ok: false,
      shares: { kind: "zero" },
    });
    expect(checkOfferForm({ ...base, sharesText: "" })).toMatchObject({
      ok: false,
      shares: { kind: "amount", problem: { kind: "empty" } },
    });
    expect(checkOfferForm({ ...base, priceText: "200.01" })).toMatchObject({ ok: false, price: "tooHigh" });
    expect(checkOfferForm({ ...base, priceText: "97.5", language: "id" })).toMatchObject({
      ok: false,
      price: "format",
    });
    expect(checkOfferForm({ ...base, expiryDays: 0 })).toMatchObject({ ok: false, expiry: "range" });
    expect(checkOfferForm({ ...base, expiryDays: Number.NaN })).toMatchObject({ ok: false, expiry: "range" });
  });

  it("refuses an offer that would cost more GOLD than the wallet holds", () => {
    expect(checkOfferForm({ ...base, balance: 96n * G })).toEqual({
      ok: false,
      shares: null,
      price: null,
      expiry: null,
      noBalance: true,
    });
    expect(checkOfferForm({ ...base, balance: 97n * G }).ok).toBe(true);
  });
});

describe("the allowance an offer needs", () => {
  it("covers every open offer's remaining shares at its price, rounded up, and nothing else", () => {
    const order: MarketOrderView = listingFixture();
    const offer = (price: bigint, remaining: bigint, status = "open", side = "offer") =>
      ({
        ...order,
        side,
        status,
        price: price.toString(),
        remaining: remaining.toString(),
      }) as MarketOrderView;
    expect(
      openOffersCost([
        offer((MARKET_PRICE_SCALE * 98n) / 100n, 100n * G),
        offer(MARKET_PRICE_SCALE, 3n),
        offer(MARKET_PRICE_SCALE, 50n * G, "filled"),
        offer(MARKET_PRICE_SCALE, 50n * G, "open", "listing"),
      ]),
    ).toBe(98n * G + 3n);
    // A third of a base unit at 1/3 face rounds up to one base unit, as a fill would cost.
    expect(openOffersCost([offer(MARKET_PRICE_SCALE / 3n, 1n)])).toBe(1n);
  });
});
