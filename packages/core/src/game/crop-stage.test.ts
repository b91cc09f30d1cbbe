import { describe, expect, it } from "vitest";
import {
  type CropFacts,
  canHarvest,
  daysToMaturity,
  deriveCropStage,
  isWaterableCrop,
  termProgress,
} from "./crop-stage";
import { MIN_PLANTING_FOR_XP } from "./planting-xp";

const fundedAt = new Date("2026-01-01T00:00:00Z");
const maturity = new Date("2026-01-31T00:00:00Z"); // 30-day term
const funded: CropFacts = {
  status: "funded",
  fundedAt,
  maturity,
  shares: 1000n,
  hasHarvested: false,
  graceDays: 30,
};
const at = (iso: string) => new Date(iso);

describe("deriveCropStage", () => {
  it("is a seed while funding is open", () => {
    const open: CropFacts = { ...funded, status: "approved", fundedAt: null, maturity: null };
    expect(deriveCropStage(open, at("2026-01-05T00:00:00Z"))).toBe("seed");
  });

  it("is a sprout for the first third of the term and growing from exactly a third on", () => {
    expect(deriveCropStage(funded, at("2026-01-10T23:59:59Z"))).toBe("sprout");
    expect(deriveCropStage(funded, at("2026-01-11T00:00:00Z"))).toBe("growing");
    expect(deriveCropStage(funded, at("2026-01-30T23:59:59Z"))).toBe("growing");
  });

  it("is ripe at maturity when repaid, and still growing when repaid early", () => {
    const repaid = { ...funded, status: "repaid" as const };
    expect(deriveCropStage(repaid, at("2026-01-20T00:00:00Z"))).toBe("growing");
    expect(deriveCropStage(repaid, maturity)).toBe("ripe");
  });

  it("wilts past maturity while unpaid within the invoice's own grace period, then withers", () => {
    expect(deriveCropStage(funded, maturity)).toBe("wilting");
    expect(deriveCropStage(funded, at("2026-03-01T23:59:59Z"))).toBe("wilting");
    expect(deriveCropStage(funded, at("2026-03-02T00:00:00Z"))).toBe("withered");
    expect(deriveCropStage({ ...funded, graceDays: 7 }, at("2026-02-07T00:00:00Z"))).toBe("withered");
    expect(deriveCropStage({ ...funded, graceDays: 7 }, at("2026-02-06T23:59:59Z"))).toBe("wilting");
  });

  it("withers when defaulted or settled and returns when cancelled", () => {
    const now = at("2026-02-10T00:00:00Z");
    expect(deriveCropStage({ ...funded, status: "defaulted" }, now)).toBe("withered");
    expect(deriveCropStage({ ...funded, status: "settled" }, now)).toBe("withered");
    expect(deriveCropStage({ ...funded, status: "cancelled", fundedAt: null, maturity: null }, now)).toBe(
      "returned",
    );
  });

  it("is harvested once every share was harvested, whatever the invoice status", () => {
    const done: CropFacts = { ...funded, status: "repaid", shares: 0n, hasHarvested: true };
    expect(deriveCropStage(done, at("2026-02-01T00:00:00Z"))).toBe("harvested");
    expect(deriveCropStage({ ...done, status: "settled" }, at("2026-02-01T00:00:00Z"))).toBe("harvested");
  });

  it("stays ripe while part of the shares are still unharvested", () => {
    const partly: CropFacts = { ...funded, status: "repaid", shares: 10n, hasHarvested: true };
    expect(deriveCropStage(partly, at("2026-02-01T00:00:00Z"))).toBe("ripe");
  });
});

describe("canHarvest", () => {
  it("opens at maturity for a repaid invoice and never for an unpaid one", () => {
    const repaid = { ...funded, status: "repaid" as const };
    expect(canHarvest(repaid, at("2026-01-30T23:59:59Z"))).toBe(false);
    expect(canHarvest(repaid, maturity)).toBe(true);
    expect(canHarvest(funded, at("2026-02-10T00:00:00Z"))).toBe(false);
  });

  it("is open for a settled default and closed with no shares left", () => {
    expect(canHarvest({ ...funded, status: "settled" }, maturity)).toBe(true);
    expect(canHarvest({ ...funded, status: "repaid", shares: 0n }, maturity)).toBe(false);
  });
});

describe("isWaterableCrop", () => {
  it("waters a living crop of the planting minimum or more, never dust", () => {
    const now = at("2026-01-20T00:00:00Z");
    expect(isWaterableCrop({ ...funded, shares: MIN_PLANTING_FOR_XP }, now)).toBe(true);
    expect(isWaterableCrop({ ...funded, shares: MIN_PLANTING_FOR_XP - 1n }, now)).toBe(false);
    expect(isWaterableCrop({ ...funded, shares: MIN_PLANTING_FOR_XP, status: "defaulted" }, now)).toBe(false);
  });
});

describe("termProgress and daysToMaturity", () => {
  it("runs from 0 at funding to 1 at maturity", () => {
    expect(termProgress(fundedAt, maturity, fundedAt)).toBe(0);
    expect(termProgress(fundedAt, maturity, at("2026-01-16T00:00:00Z"))).toBe(0.5);
    expect(termProgress(fundedAt, maturity, at("2026-03-01T00:00:00Z"))).toBe(1);
    expect(termProgress(null, null, fundedAt)).toBe(0);
  });

  it("counts whole days up to maturity, rounding a part day up", () => {
    expect(daysToMaturity(maturity, fundedAt)).toBe(30);
    expect(daysToMaturity(maturity, at("2026-01-30T22:00:00Z"))).toBe(1);
    expect(daysToMaturity(maturity, maturity)).toBe(0);
    expect(daysToMaturity(maturity, at("2026-02-05T00:00:00Z"))).toBe(0);
    expect(daysToMaturity(null, fundedAt)).toBeNull();
  });
});
