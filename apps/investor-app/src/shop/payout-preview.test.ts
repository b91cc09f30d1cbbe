import { ONE_GOLD } from "@farm/core";
import { AMOUNT_TABLE_RUPIAH_PER_GOLD, amountCases } from "@farm/ui/amount-cases";
import { describe, expect, it } from "vitest";
import { maxPurchaseText } from "./max-purchase";
import { previewPayout } from "./payout-preview";
import { seedFixture } from "./seed-fixtures.test-support";

const now = new Date("2026-11-22T12:00:00Z");
const en = (text: string) => ({ text, language: "en" as const });
const seed = seedFixture({
  amount: 1_000n * ONE_GOLD,
  funded: 400n * ONE_GOLD,
  yieldBps: 750,
  tenorDays: 60,
});

describe("payout preview", () => {
  it("pays principal plus the term yield exactly, in base units", () => {
    const preview = previewPayout(seed, en("200"), null, now);
    expect(preview).toMatchObject({ ok: true, principal: 200n * ONE_GOLD, yield: 15n * ONE_GOLD });
    if (preview.ok) expect(preview.payout).toBe(215n * ONE_GOLD);
  });

  it("reserves the yield slice after the shares already sold, like the contract", () => {
    // 7.5 % of the 30 base units sold before is 2 (rounded down); of 40 it is 3. So 10 more units earn 1, where
    // 10 * 7.5 % on its own would round to 0; and 1 more unit (31 -> 2) earns nothing.
    const sliced = seedFixture({ amount: 1_000n, funded: 30n, yieldBps: 750 });
    expect(previewPayout(sliced, en("0.000000000000000001"), null, now)).toMatchObject({
      ok: true,
      yield: 0n,
    });
    expect(previewPayout(sliced, en("0.00000000000000001"), null, now)).toMatchObject({
      ok: true,
      yield: 1n,
    });
  });

  it("rounds the yield down like the contract", () => {
    const preview = previewPayout(seedFixture({ yieldBps: 333 }), en("0.000000000000000001"), null, now);
    expect(preview).toMatchObject({ ok: true, yield: 0n, payout: 1n });
    const odd = previewPayout(seedFixture({ yieldBps: 333 }), en("0.000000000000000031"), null, now);
    expect(odd).toMatchObject({ ok: true, yield: 1n, payout: 32n });
  });

  it("dates maturity a term from now when the purchase fills the seed", () => {
    const preview = previewPayout(seed, en("600"), null, now);
    expect(preview).toMatchObject({ ok: true, fillsSeed: true });
    if (preview.ok) expect(preview.maturity.toISOString()).toBe("2027-01-21T12:00:00.000Z");
  });

  it("gives the latest possible maturity when the seed is not yet full", () => {
    const preview = previewPayout(seed, en("100"), null, now);
    expect(preview).toMatchObject({ ok: true, fillsSeed: false });
    if (preview.ok) expect(preview.maturity.toISOString()).toBe("2027-01-30T00:00:00.000Z");
  });

  it("refuses empty, malformed, zero, too large and unaffordable amounts", () => {
    expect(previewPayout(seed, en(" "), null, now)).toEqual({ ok: false, reason: "empty" });
    expect(previewPayout(seed, en("1e3"), null, now)).toEqual({
      ok: false,
      reason: "amount",
      problem: { kind: "notANumber" },
    });
    expect(previewPayout(seed, en("-5"), null, now)).toEqual({
      ok: false,
      reason: "amount",
      problem: { kind: "negative" },
    });
    expect(previewPayout(seed, en("0"), null, now)).toEqual({ ok: false, reason: "zero" });
    expect(previewPayout(seed, en("50"), 49n * ONE_GOLD, now)).toEqual({ ok: false, reason: "noBalance" });
  });

  it("buys only what is left when more is entered, as the contract does", () => {
    const preview = previewPayout(seed, en("600.5"), null, now);
    expect(preview).toMatchObject({ ok: true, principal: 600n * ONE_GOLD, capped: true, fillsSeed: true });
  });

  it("refuses dust below the minimum unless it completes the seed, and the farmer's own seed", () => {
    const rules = { minInvestment: ONE_GOLD, buyer: null };
    expect(previewPayout(seed, en("0.5"), null, now, rules)).toEqual({ ok: false, reason: "belowMinimum" });
    const almostFull = seedFixture({ amount: 1_000n * ONE_GOLD, funded: 1_000n * ONE_GOLD - 5n });
    expect(previewPayout(almostFull, en("1"), null, now, rules)).toMatchObject({ ok: true, principal: 5n });
    const own = { minInvestment: ONE_GOLD, buyer: seed.farmer };
    expect(previewPayout(seed, en("10"), null, now, own)).toEqual({ ok: false, reason: "ownSeed" });
  });

  it("refuses more than the wallet's limit leaves, after capping at what the seed needs", () => {
    const rules = { minInvestment: null, buyer: null, available: 100n * ONE_GOLD };
    expect(previewPayout(seed, en("100"), null, now, rules)).toMatchObject({
      ok: true,
      principal: 100n * ONE_GOLD,
    });
    expect(previewPayout(seed, en("100.01"), null, now, rules)).toEqual({
      ok: false,
      reason: "aboveLimit",
      available: 100n * ONE_GOLD,
    });
    // 700 asked of a seed with 600 left buys 600: above a limit of 650 only if what is bought is.
    const roomier = { ...rules, available: 650n * ONE_GOLD };
    expect(previewPayout(seed, en("700"), null, now, roomier)).toMatchObject({
      ok: true,
      principal: 600n * ONE_GOLD,
    });
  });
});

describe("payout preview reads the shared table of typed amounts in the page's language", () => {
  const roomy = seedFixture({ amount: 10n ** 40n, funded: 0n });
  for (const row of amountCases) {
    it(`${row.language} ${JSON.stringify(row.text)}`, () => {
      const preview = previewPayout(
        roomy,
        { text: row.text, language: row.language, rupiahPerGold: AMOUNT_TABLE_RUPIAH_PER_GOLD },
        null,
        now,
      );
      if ("amount" in row) expect(preview).toMatchObject({ ok: true, principal: row.amount });
      else expect(preview.ok).toBe(false);
    });
  }
});

describe("max purchase", () => {
  it("offers what is still open, or the whole balance when that is smaller, exactly", () => {
    expect(maxPurchaseText(seed, undefined, "en")).toBe("600");
    expect(maxPurchaseText(seed, 12n * ONE_GOLD + 5n, "en")).toBe("12.000000000000000005");
    expect(maxPurchaseText(seed, 12n * ONE_GOLD + 5n, "id")).toBe("12,000000000000000005");
    expect(
      previewPayout(seed, { text: maxPurchaseText(seed, ONE_GOLD * 1500n, "id"), language: "id" }, null, now),
    ).toMatchObject({ principal: 600n * ONE_GOLD });
    expect(previewPayout(seed, en(maxPurchaseText(seed, undefined, "en")), null, now)).toMatchObject({
      fillsSeed: true,
    });
  });

  it("offers no more than the wallet's limit leaves", () => {
    expect(maxPurchaseText(seed, ONE_GOLD * 1500n, "en", 250n * ONE_GOLD)).toBe("250");
    expect(maxPurchaseText(seed, ONE_GOLD * 1500n, "en", 0n)).toBe("0");
  });
});
