import { harvestPayout, ONE_GOLD } from "@farm/core";
import { parseEventLogs, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, investorOf, useFarm, type Wallet } from "./support/farm";

// Late fees (decision 0057): from maturity until repaid or defaulted the amount due grows by whole days at the
// invoice's daily rate, never beyond principal - fee; what is paid in reaches the holders pro rata as extra yield.
const farm = useFarm();
const investor = (i: number): Wallet => investorOf(farm, i);
const HOUR = 3_600n;
/** 1,000 GOLD at 10 % over 150 days: 100 GOLD of fee, 2/3 GOLD a day late (2 GOLD every 3 days). */
const PRINCIPAL = 1_000n * ONE_GOLD;
const FEE = 100n * ONE_GOLD;
const lateAfter = (days: bigint) => (PRINCIPAL * 1000n * days) / (150n * 10_000n);

/** A Funded invoice of those terms, 600 from investor 0 and 400 from investor 1; returns it and its maturity. */
async function fundedInvoice() {
  const f = farm();
  const tokenId = await f.open({ amount: PRINCIPAL, yieldBps: 1000, tenorDays: 150 });
  await f.invest(investor(0), tokenId, 600n * ONE_GOLD);
  await f.invest(investor(1), tokenId, 400n * ONE_GOLD);
  return { tokenId, maturity: (await f.invoice(tokenId)).maturity };
}

/** Moves the chain's clock to `seconds` after `at` (later transactions mine a second or so after it). */
async function advanceTo(at: bigint, seconds: bigint) {
  const f = farm();
  await f.advance(at + seconds - (await f.now()));
}

const repaidEvent = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Repaid" })[0]?.args;

describe("FarmNFT late fees", () => {
  it("grows what is due by whole days past maturity at the daily rate, capped at the principal", async () => {
    const f = farm();
    const { tokenId, maturity } = await fundedInvoice();
    const due = () => f.as(f.admin).nft.read.amountDue([tokenId]);
    await advanceTo(maturity, -HOUR);
    expect(await due()).toBe(PRINCIPAL + FEE);
    await advanceTo(maturity, 23n * HOUR);
    expect(await due(), "no late fee within the first day").toBe(PRINCIPAL + FEE);
    await advanceTo(maturity, DAY + HOUR);
    expect(await due()).toBe(PRINCIPAL + FEE + lateAfter(1n));
    await advanceTo(maturity, 3n * DAY + HOUR);
    expect(await due()).toBe(PRINCIPAL + FEE + 2n * ONE_GOLD);
    // After 1,350 days the late fee reaches principal - fee: fees and late fees never pass the principal.
    await advanceTo(maturity, 1_349n * DAY + HOUR);
    expect(await due()).toBe(2n * PRINCIPAL - lateAfter(1_350n) + lateAfter(1_349n));
    await advanceTo(maturity, 2_000n * DAY);
    expect(await due()).toBe(2n * PRINCIPAL);
  });

  it("reaches Repaid only with the late fee accrued at that block, and pays it to the holders pro rata", async () => {
    const f = farm();
    const { tokenId, maturity } = await fundedInvoice();
    await advanceTo(maturity, DAY + HOUR);
    const late = lateAfter(1n);
    const first = await f.repay(tokenId, PRINCIPAL + FEE);
    expect(repaidEvent(first)).toMatchObject({ totalRepaid: PRINCIPAL + FEE, fullyRepaid: false });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Funded);
    expect(await f.as(f.admin).nft.read.amountDue([tokenId])).toBe(late);
    // The fee reached the vault with the first payment; the late fee stays in FarmNFT for the holders.
    const vaultBefore = await f.goldOf(f.deployment.farmVault);
    const second = await f.repay(tokenId, 10n * ONE_GOLD);
    expect(repaidEvent(second)).toMatchObject({ amount: late, totalRepaid: PRINCIPAL + FEE + late });
    expect(repaidEvent(second)?.fullyRepaid).toBe(true);
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
    expect(await f.goldOf(f.deployment.farmVault)).toBe(vaultBefore - FEE);

    // 2/3 GOLD shared 600:400 to the base unit, exactly as @farm/core's harvestPayout says.
    const terms = { status: "repaid", yieldBps: 1000, funded: PRINCIPAL, amount: PRINCIPAL } as const;
    const repaid = PRINCIPAL + FEE + late;
    let redeemed = 0n;
    let paid = 0n;
    for (const [i, shares] of [
      [0, 600n * ONE_GOLD],
      [1, 400n * ONE_GOLD],
    ] as const) {
      const receipt = await f.mined(f.as(investor(i)).nft.write.harvest([tokenId]));
      const event = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" })[0]?.args;
      const expected = harvestPayout({ ...terms, repaid, shares, redeemedBefore: redeemed });
      expect({ principal: event?.principal, yield: event?.yield }).toEqual(expected);
      expect(expected.yield > (FEE * shares) / PRINCIPAL, "the late fee is extra yield").toBe(true);
      redeemed += shares;
      paid += expected.principal + expected.yield;
    }
    expect(paid).toBe(repaid);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("accrues only on what is still overdue: a payment before or after maturity lowers the days that follow", async () => {
    const f = farm();
    const { tokenId, maturity } = await fundedInvoice();
    const due = () => f.as(f.admin).nft.read.amountDue([tokenId]);
    await advanceTo(maturity, -DAY);
    await f.repay(tokenId, 700n * ONE_GOLD);
    // 400 GOLD overdue from maturity: 400 * 10 % / 150 = 4/15 GOLD a day, not the 2/3 GOLD of the whole principal.
    await advanceTo(maturity, 3n * DAY + HOUR);
    const threeDays = (400n * ONE_GOLD * 1000n * 3n) / (150n * 10_000n);
    expect(await due()).toBe(400n * ONE_GOLD + threeDays);
    const third = await f.repay(tokenId, 300n * ONE_GOLD);
    expect(repaidEvent(third)).toMatchObject({ amount: 300n * ONE_GOLD, fullyRepaid: false });
    // The principal is in; the 100 GOLD of fee still overdue accrues 1/15 GOLD a day from then on.
    await advanceTo(maturity, 6n * DAY + HOUR);
    const late = threeDays + (100n * ONE_GOLD * 1000n * 3n) / (150n * 10_000n);
    expect(late).toBe(ONE_GOLD);
    expect(await due()).toBe(100n * ONE_GOLD + late);
    expect(late < lateAfter(6n), "less than the whole principal's late fee").toBe(true);
    const last = await f.repay(tokenId, 200n * ONE_GOLD);
    expect(repaidEvent(last)).toMatchObject({ amount: 100n * ONE_GOLD + late, fullyRepaid: true });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Repaid);
    // Once the principal and fee are paid nothing is overdue: a late fee owed alone does not grow.
    const other = await fundedInvoice();
    await advanceTo(other.maturity, 2n * DAY + HOUR);
    await f.repay(other.tokenId, PRINCIPAL + FEE);
    await advanceTo(other.maturity, 9n * DAY + HOUR);
    expect(await f.as(f.admin).nft.read.amountDue([other.tokenId])).toBe(lateAfter(2n));
  });

  it("stops accruing at the default and counts recoveries against it; the settlement's claims include it", async () => {
    const f = farm();
    const { tokenId, maturity } = await fundedInvoice();
    const nft = f.as(f.admin).nft;
    const grace = BigInt(await nft.read.graceDays());
    await advanceTo(maturity, grace * DAY + HOUR);
    await f.mined(nft.write.markDefaulted([tokenId]));
    const fixed = PRINCIPAL + FEE + lateAfter(grace);
    expect(await nft.read.amountDue([tokenId])).toBe(fixed);
    await f.advance(10n * DAY);
    expect(await nft.read.amountDue([tokenId]), "a default fixes what is due").toBe(fixed);

    const recovery = await f.repay(tokenId, 5_000n * ONE_GOLD, f.stranger);
    expect(repaidEvent(recovery)).toMatchObject({ amount: fixed, totalRepaid: fixed, fullyRepaid: true });
    expect((await f.invoice(tokenId)).status).toBe(InvoiceStatus.Defaulted);
    await f.advance(BigInt(await nft.read.recoveryDays()) * DAY);
    const settled = await f.mined(nft.write.settleDefault([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: settled.logs, eventName: "DefaultSettled" })[0]?.args,
    ).toEqual({
      tokenId,
      recovered: PRINCIPAL,
      recoveredFee: FEE + lateAfter(grace),
      releasedYield: 0n,
    });
    // The vault pays only the fee it reserved; the late fee recovered was already in FarmNFT.
    expect(
      parseEventLogs({ abi: farmVaultAbi, logs: settled.logs, eventName: "YieldWithdrawn" })[0]?.args.amount,
    ).toBe(FEE);
    const claim = await f.mined(f.as(investor(0)).nft.write.harvest([tokenId]));
    expect(
      parseEventLogs({ abi: farmNftAbi, logs: claim.logs, eventName: "Harvested" })[0]?.args,
    ).toMatchObject({
      principal: 600n * ONE_GOLD,
      yield: ((FEE + lateAfter(grace)) * 6n) / 10n,
    });
    await f.mined(f.as(investor(1)).nft.write.harvest([tokenId]));
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });
});
