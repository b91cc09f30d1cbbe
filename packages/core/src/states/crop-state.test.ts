import { describe, expect, it } from "vitest";
import { ONE_GOLD } from "../gold";
import { type CropPositionFacts, cropStageOf, cropStateKey, deriveCropState } from "./crop-state";

const at = (iso: string) => new Date(iso);
const G = ONE_GOLD;
// 1,000 GOLD invoice at 5 % for 30 days, fully funded by this holder.
const base: CropPositionFacts = {
  status: "funded",
  fundingDeadline: at("2026-01-01T00:00:00Z"),
  fundedAt: at("2026-01-01T00:00:00Z"),
  maturity: at("2026-01-31T00:00:00Z"),
  graceDays: 7,
  amount: 1000n * G,
  funded: 1000n * G,
  repaid: 0n,
  yieldBps: 500,
  redeemedShares: 0n,
  shares: 1000n * G,
  harvestedPrincipal: 0n,
  harvestedYield: 0n,
  refunded: 0n,
};
const total = (state: { amount: { total: bigint } }) => state.amount.total;

describe("deriveCropState", () => {
  it("is a seed while funding is open, showing what maturity pays if repaid", () => {
    const seed = deriveCropState(
      {
        ...base,
        status: "approved",
        fundedAt: null,
        maturity: null,
        fundingDeadline: at("2026-02-01T00:00:00Z"),
        shares: 400n * G,
      },
      at("2026-01-15T00:00:00Z"),
    );
    expect(seed).toMatchObject({
      name: "seed",
      invoice: "open",
      action: null,
      amountKind: "atMaturity",
      group: "growing",
    });
    expect(total(seed)).toBe(420n * G);
  });

  it("is returned with cancel + refund once funding lapsed unfilled, refund only once cancelled, then refunded with what it paid", () => {
    const lapsed = { ...base, status: "approved" as const, fundedAt: null, maturity: null, shares: 400n * G };
    const expired = deriveCropState(lapsed, at("2026-01-02T00:00:00Z"));
    expect(expired).toMatchObject({
      name: "returned",
      invoice: "expired",
      action: "refund",
      closeFirst: true,
      amountKind: "now",
      group: "attention",
    });
    expect(total(expired)).toBe(400n * G);
    const cancelled = deriveCropState({ ...lapsed, status: "cancelled" }, at("2026-01-02T00:00:00Z"));
    expect(cancelled).toMatchObject({
      name: "returned",
      invoice: "cancelled",
      action: "refund",
      closeFirst: false,
    });
    const refunded = deriveCropState(
      { ...lapsed, status: "cancelled", shares: 0n, refunded: 400n * G },
      at("2026-01-03T00:00:00Z"),
    );
    expect(refunded).toMatchObject({ name: "refunded", action: null, amountKind: "paid", group: "closed" });
    expect(total(refunded)).toBe(400n * G);
    expect(cropStageOf(refunded)).toBe("returned");
  });

  it("grows on the chain's clock with days to harvest, wilts past maturity and withers past the grace", () => {
    expect(deriveCropState(base, at("2026-01-05T00:00:00Z"))).toMatchObject({
      name: "sprout",
      daysToHarvest: 26,
    });
    expect(deriveCropState(base, at("2026-01-30T12:00:00Z"))).toMatchObject({
      name: "growing",
      daysToHarvest: 1,
    });
    const wilting = deriveCropState(base, at("2026-02-03T00:00:00Z"));
    expect(wilting).toMatchObject({
      name: "wilting",
      invoice: "overdue",
      action: null,
      daysToHarvest: null,
      group: "growing",
    });
    expect(wilting.withersAt).toEqual(at("2026-02-07T00:00:00Z"));
    expect(deriveCropState(base, at("2026-02-07T00:00:00Z"))).toMatchObject({
      name: "withered",
      recovery: "awaiting",
      action: null,
      daysToHarvest: null,
      group: "attention",
    });
  });

  it("is ripe with harvest at maturity once repaid, then harvested with what the harvest paid", () => {
    const repaid = { ...base, status: "repaid" as const, repaid: 1050n * G };
    const early = deriveCropState(repaid, at("2026-01-20T00:00:00Z"));
    expect(early).toMatchObject({ name: "growing", invoice: "repaid", action: null });
    // Repaid before maturity: told as repaid, never as a term that still depends on repayment.
    expect(cropStateKey(early)).toBe("cropState.growing.repaid");
    expect(cropStateKey(deriveCropState(repaid, at("2026-01-02T00:00:00Z")))).toBe("cropState.sprout.repaid");
    expect(cropStateKey(deriveCropState(base, at("2026-01-02T00:00:00Z")))).toBe("cropState.sprout");
    const ripe = deriveCropState(repaid, at("2026-01-31T00:00:00Z"));
    expect(ripe).toMatchObject({ name: "ripe", action: "harvest", amountKind: "now" });
    expect(ripe.amount).toEqual({ principal: 1000n * G, yield: 50n * G, total: 1050n * G });
    const harvested = deriveCropState(
      {
        ...repaid,
        shares: 0n,
        redeemedShares: 1000n * G,
        harvestedPrincipal: 1000n * G,
        harvestedYield: 50n * G,
      },
      at("2026-02-01T00:00:00Z"),
    );
    expect(harvested).toMatchObject({ name: "harvested", action: null, amountKind: "paid", group: "closed" });
    expect(total(harvested)).toBe(1050n * G);
  });

  it("is withered awaiting settlement after a default, then claimable with the recovery, then claimed", () => {
    const defaulted = { ...base, status: "defaulted" as const, repaid: 300n * G };
    const awaiting = deriveCropState(defaulted, at("2026-03-01T00:00:00Z"));
    expect(awaiting).toMatchObject({
      name: "withered",
      recovery: "awaiting",
      action: null,
      amountKind: "recoveredSoFar",
    });
    expect(total(awaiting)).toBe(300n * G);
    const claimable = deriveCropState({ ...defaulted, status: "settled" }, at("2026-03-01T00:00:00Z"));
    expect(claimable).toMatchObject({
      name: "withered",
      recovery: "claimable",
      action: "claimRecovery",
      amountKind: "now",
    });
    expect(claimable.amount).toEqual({ principal: 300n * G, yield: 0n, total: 300n * G });
    expect(cropStateKey(claimable)).toBe("cropState.withered.claimable");
    const claimed = deriveCropState(
      {
        ...defaulted,
        status: "settled",
        shares: 0n,
        redeemedShares: 1000n * G,
        harvestedPrincipal: 300n * G,
      },
      at("2026-03-02T00:00:00Z"),
    );
    expect(claimed).toMatchObject({
      name: "withered",
      recovery: "claimed",
      action: null,
      amountKind: "paid",
      group: "closed",
    });
    expect(total(claimed)).toBe(300n * G);
  });

  it("pays a settled default's fee pro rata beside the principal when it was recovered", () => {
    const settled = { ...base, status: "settled" as const, repaid: 1050n * G, shares: 500n * G };
    expect(deriveCropState(settled, at("2026-03-01T00:00:00Z")).amount).toEqual({
      principal: 500n * G,
      yield: 25n * G,
      total: 525n * G,
    });
  });
});
