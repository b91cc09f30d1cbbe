import { type Crop, ONE_GOLD } from "@farm/core";
import { describe, expect, it } from "vitest";
import { type ChainInvoice, withChainState } from "./chain-crop";

const day = 86_400;
const fundedAt = 1_800_000_000n;
const maturity = fundedAt + 30n * BigInt(day);
const backendCrop: Crop = {
  cropId: "7",
  invoice: {
    tokenId: "7",
    farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    amount: (1_000n * ONE_GOLD).toString(),
    yieldBps: 500,
    tenorDays: 30,
    status: "funded",
    fundingDeadline: "2027-01-01T00:00:00.000Z",
    fundedAt: new Date(Number(fundedAt) * 1000).toISOString(),
    maturity: new Date(Number(maturity) * 1000).toISOString(),
    invoiceNumber: "INV-7",
    buyerName: "Pasar Induk",
    description: "Rice",
    evidence: {
      invoiceVerified: true,
      deliveryProven: false,
      buyerConfirmedAt: null,
      buyerConfirmedEmailDomain: null,
      buyerConfirmedFreeMail: false,
    },
  },
  shares: (1_000n * ONE_GOLD).toString(),
  invested: (1_000n * ONE_GOLD).toString(),
  received: { harvestedPrincipal: "0", harvestedYield: "0", refunded: "0" },
  state: {
    name: "growing",
    invoice: "funded",
    recovery: null,
    action: null,
    closeFirst: false,
    amount: { principal: "0", yield: "0", total: "0" },
    amountKind: "atMaturity",
    group: "growing",
    daysToHarvest: 15,
    withersAt: null,
  },
  stage: "growing",
  progress: 0.5,
  daysToMaturity: 15,
  wateredToday: true,
  lastWateredAt: null,
  canHarvest: false,
  expectedPayout: { principal: "0", yield: "0", total: "0" },
};
const repaid: ChainInvoice = {
  farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  tenorDays: 30,
  referenceHash: `0x${"ab".repeat(32)}`,
  recovered: 0n,
  recoveredFee: 0n,
  settleableAt: 0n,
  amount: 1_000n * ONE_GOLD,
  funded: 1_000n * ONE_GOLD,
  repaid: 1_050n * ONE_GOLD,
  yieldBps: 500,
  fundingDeadline: fundedAt - 1n,
  fundedAt,
  maturity,
  status: 4,
  redeemedShares: 0n,
  graceDays: 30,
};
const at = (seconds: bigint) => new Date(Number(seconds) * 1000);

describe("crop with chain state", () => {
  it("is ripe and harvestable once repaid and the chain's clock passes maturity, whatever the backend said", () => {
    const crop = withChainState(backendCrop, repaid, 1_000n * ONE_GOLD, at(maturity + 1n));
    expect(crop).toMatchObject({ stage: "ripe", canHarvest: true, daysToMaturity: 0 });
    expect(crop.invoice.status).toBe("repaid");
    expect(crop.expectedPayout).toEqual({
      principal: (1_000n * ONE_GOLD).toString(),
      yield: (50n * ONE_GOLD).toString(),
      total: (1_050n * ONE_GOLD).toString(),
    });
  });

  it("keeps a repaid crop growing until maturity on the chain's clock", () => {
    const crop = withChainState(backendCrop, repaid, 1_000n * ONE_GOLD, at(maturity - 10n));
    expect(crop).toMatchObject({ stage: "growing", canHarvest: false, daysToMaturity: 1 });
  });

  it("shows a harvested crop once the shares are gone", () => {
    const crop = withChainState(
      backendCrop,
      { ...repaid, redeemedShares: repaid.funded },
      0n,
      at(maturity + 1n),
    );
    expect(crop).toMatchObject({ stage: "harvested", canHarvest: false, shares: "0" });
    // Not indexed yet: what the harvest paid comes from the contract's math on the position that went.
    expect(crop.state).toMatchObject({ name: "harvested", action: null, amountKind: "paid" });
    expect(crop.state.amount.total).toBe((1_050n * ONE_GOLD).toString());
  });

  it("offers a refund for a seed whose funding lapsed unfilled, before anyone cancelled it on chain", () => {
    const open: ChainInvoice = {
      ...repaid,
      funded: 400n * ONE_GOLD,
      repaid: 0n,
      fundedAt: 0n,
      maturity: 0n,
      status: 1,
    };
    const deadline = open.fundingDeadline;
    // FarmNFT takes investments through the deadline's second and lets cancelExpired run only after it.
    const before = withChainState(backendCrop, open, 400n * ONE_GOLD, at(deadline));
    expect(before).toMatchObject({ stage: "seed" });
    expect(before.state).toMatchObject({ name: "seed", invoice: "open", action: null });
    const after = withChainState(backendCrop, open, 400n * ONE_GOLD, at(deadline + 1n));
    expect(after).toMatchObject({ stage: "returned", canHarvest: false });
    expect(after.state).toMatchObject({
      name: "returned",
      invoice: "expired",
      action: "refund",
      closeFirst: true,
    });
    const principalBack = (400n * ONE_GOLD).toString();
    expect(after.expectedPayout).toEqual({ principal: principalBack, yield: "0", total: principalBack });
  });

  it("shows a refunded crop with what the refund paid once its shares are gone", () => {
    const cancelled: ChainInvoice = { ...repaid, repaid: 0n, fundedAt: 0n, maturity: 0n, status: 5 };
    const crop = withChainState(backendCrop, cancelled, 0n, at(maturity));
    expect(crop.state).toMatchObject({ name: "refunded", action: null, amountKind: "paid", group: "closed" });
    expect(crop.state.amount.total).toBe((1_000n * ONE_GOLD).toString());
  });

  it("keeps the backend's water and names", () => {
    const crop = withChainState(backendCrop, repaid, 1n, at(maturity));
    expect(crop.wateredToday).toBe(true);
    expect(crop.invoice.description).toBe("Rice");
  });
});
