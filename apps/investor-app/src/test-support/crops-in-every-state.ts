import {
  type Crop,
  type CropPositionFacts,
  cropStageOf,
  cropStateToJson,
  deriveCropState,
  ONE_GOLD,
} from "@farm/core";

const G = ONE_GOLD;
const at = (iso: string) => new Date(iso);
/** The chain's clock for every fixture. */
export const fixtureNow = at("2026-06-01T00:00:00Z");

// 1,000 GOLD at 5 % for 30 days, funded 2026-05-20, maturing 2026-06-19; this holder owns 400 shares.
const funded: CropPositionFacts = {
  status: "funded",
  fundingDeadline: at("2026-05-20T00:00:00Z"),
  fundedAt: at("2026-05-20T00:00:00Z"),
  maturity: at("2026-06-19T00:00:00Z"),
  graceDays: 7,
  amount: 1000n * G,
  funded: 1000n * G,
  repaid: 0n,
  yieldBps: 500,
  redeemedShares: 0n,
  shares: 400n * G,
  harvestedPrincipal: 0n,
  harvestedYield: 0n,
  refunded: 0n,
};
const unfunded = { fundedAt: null, maturity: null, graceDays: null, funded: 400n * G };
const past = { fundedAt: at("2026-04-01T00:00:00Z"), maturity: at("2026-05-01T00:00:00Z") };

/** Facts that put a crop in each state (and each withered recovery), by a readable case name. */
export const cropCases: Record<string, CropPositionFacts> = {
  seed: { ...funded, ...unfunded, status: "approved", fundingDeadline: at("2026-06-10T00:00:00Z") },
  sprout: { ...funded, fundedAt: at("2026-05-28T00:00:00Z"), maturity: at("2026-06-27T00:00:00Z") },
  growing: { ...funded, fundedAt: at("2026-05-01T00:00:00Z"), maturity: at("2026-06-10T00:00:00Z") },
  wilting: { ...funded, fundedAt: at("2026-04-25T00:00:00Z"), maturity: at("2026-05-28T00:00:00Z") },
  ripe: { ...funded, ...past, status: "repaid", repaid: 1050n * G },
  // Repaid before maturity: the payout is certain, harvest waits for maturity.
  repaidEarly: {
    ...funded,
    fundedAt: at("2026-05-28T00:00:00Z"),
    maturity: at("2026-06-27T00:00:00Z"),
    status: "repaid",
    repaid: 1050n * G,
  },
  harvested: {
    ...funded,
    ...past,
    status: "repaid",
    repaid: 1050n * G,
    shares: 0n,
    redeemedShares: 400n * G,
    harvestedPrincipal: 400n * G,
    harvestedYield: 20n * G,
  },
  expired: { ...funded, ...unfunded, status: "approved" },
  cancelled: { ...funded, ...unfunded, status: "cancelled" },
  refunded: { ...funded, ...unfunded, status: "cancelled", shares: 0n, refunded: 400n * G },
  witheredAwaiting: { ...funded, ...past, status: "defaulted", repaid: 300n * G },
  witheredClaimable: { ...funded, ...past, status: "settled", repaid: 300n * G },
  witheredClaimed: {
    ...funded,
    ...past,
    status: "settled",
    repaid: 300n * G,
    shares: 0n,
    redeemedShares: 400n * G,
    harvestedPrincipal: 120n * G,
  },
};

/** A crop as GET /api/crops sends it, its state derived by @farm/core from the case's facts at `fixtureNow`. */
export function cropFor(name: string, index = 1): Crop {
  const facts = cropCases[name];
  if (!facts) throw new Error(`no crop case ${name}`);
  const state = deriveCropState(facts, fixtureNow);
  const json = cropStateToJson(state);
  return {
    cropId: String(index),
    invoice: {
      tokenId: String(index),
      farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
      amount: facts.amount.toString(),
      yieldBps: facts.yieldBps,
      tenorDays: 30,
      status: facts.status,
      fundingDeadline: facts.fundingDeadline.toISOString(),
      fundedAt: facts.fundedAt?.toISOString() ?? null,
      maturity: facts.maturity?.toISOString() ?? null,
      invoiceNumber: `INV-${index}`,
      buyerName: "Pasar Induk",
      description: `Crop ${name}`,
      evidence: {
        invoiceVerified: false,
        deliveryProven: false,
        buyerConfirmedAt: null,
        buyerConfirmedEmailDomain: null,
        buyerConfirmedFreeMail: false,
      },
    },
    shares: facts.shares.toString(),
    invested: (400n * G).toString(),
    received: {
      harvestedPrincipal: facts.harvestedPrincipal.toString(),
      harvestedYield: facts.harvestedYield.toString(),
      refunded: facts.refunded.toString(),
    },
    state: json,
    stage: cropStageOf(state),
    progress: 0.5,
    daysToMaturity: null,
    wateredToday: false,
    lastWateredAt: null,
    canHarvest: state.action === "harvest" || state.action === "claimRecovery",
    expectedPayout: json.amount,
  };
}
