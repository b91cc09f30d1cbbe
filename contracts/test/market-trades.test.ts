import { financingFee, ONE_GOLD } from "@farm/core";
import { hashTypedData, parseEventLogs, type TransactionReceipt } from "viem";
import { describe, expect, it } from "vitest";
import { farmMarketAbi } from "../src/abi/FarmMarket";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { DAY, type Farm, investorOf, useFarm } from "./support/farm";
import {
  fundedBy,
  listingBy,
  marketDomain,
  offerBy,
  orderTypes,
  readyToTrade,
  signListing,
  signOffer,
  tradeCost,
} from "./support/market";
import { signGoldPermit } from "./support/permit";
import { expectRevert } from "./support/revert";

// FarmMarket's trades (decision 0058): whole and partial fills of listings, offers accepted in parts, permits (also
// front-run ones), the fee, and holders paid exactly at harvest and settlement whoever bought their shares.
const farm = useFarm();
const alice = () => investorOf(farm, 0);
const bob = () => investorOf(farm, 1);
const carol = () => investorOf(farm, 2);

const outstanding = async (f: Farm, wallet: `0x${string}`) =>
  (await f.as(f.admin).nft.read.credentialOf([wallet])).outstanding;

function marketEvents(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: farmMarketAbi, logs: receipt.logs });
}

describe("FarmMarket trades", () => {
  it("fills a whole listing at a discount: GOLD to the seller, shares and their principal count to the buyer", async () => {
    const f = farm();
    const tokenId = await fundedBy(f, alice());
    await readyToTrade(f, alice(), bob());
    const shares = 400n * ONE_GOLD;
    const listing = await listingBy(f, alice(), tokenId, shares, { price: (98n * ONE_GOLD) / 100n });
    expect(await f.as(bob()).market.read.listingHash([listing])).toBe(
      hashTypedData({ domain: marketDomain(f), types: orderTypes, primaryType: "Listing", message: listing }),
    );
    const signature = await signListing(alice(), listing, marketDomain(f));
    const [a, b] = [alice().account.address, bob().account.address];
    const before = await Promise.all([f.goldOf(a), f.goldOf(b), outstanding(f, a), outstanding(f, b)]);
    const receipt = await f.mined(f.as(bob()).market.write.fillListing([listing, signature, shares]));
    const cost = 392n * ONE_GOLD;
    expect(await f.goldOf(a)).toBe((before[0] as bigint) + cost);
    expect(await f.goldOf(b)).toBe((before[1] as bigint) - cost);
    expect(await f.sharesOf(a, tokenId)).toBe(600n * ONE_GOLD);
    expect(await f.sharesOf(b, tokenId)).toBe(shares);
    expect(await outstanding(f, a)).toBe((before[2] as bigint) - shares);
    expect(await outstanding(f, b)).toBe((before[3] as bigint) + shares);
    expect(await f.as(bob()).market.read.filled([a, listing.nonce])).toBe(shares);
    expect(await f.goldOf(f.deployment.farmMarket)).toBe(0n);
    const [event] = marketEvents(receipt);
    expect(event?.eventName).toBe("ListingFilled");
    expect(event?.args).toEqual({
      seller: a,
      buyer: b,
      tokenId,
      nonce: listing.nonce,
      shares,
      cost,
      fee: 0n,
    });
  });

  it("adds partial fills up to the listing, each rounded up in the seller's favour", async () => {
    const f = farm();
    const tokenId = await fundedBy(f, alice());
    await readyToTrade(f, alice(), bob(), carol());
    // An odd price: every fill's cost has a remainder, so each one rounds up by a base unit.
    const price = (1_013n * ONE_GOLD) / 1_000n + 7n;
    const listing = await listingBy(f, alice(), tokenId, 1_000n, { price });
    const signature = await signListing(alice(), listing, marketDomain(f));
    const a = alice().account.address;
    const goldBefore = await f.goldOf(a);
    let paid = 0n;
    for (const [buyer, amount] of [
      [bob(), 333n],
      [carol(), 1n],
      [bob(), 666n],
    ] as const) {
      const receipt = await f.mined(f.as(buyer).market.write.fillListing([listing, signature, amount]));
      const [event] = marketEvents(receipt);
      expect(event?.args).toMatchObject({ shares: amount, cost: tradeCost(amount, price) });
      paid += tradeCost(amount, price);
    }
    expect(tradeCost(1n, price)).toBe(2n);
    expect(await f.goldOf(a)).toBe(goldBefore + paid);
    expect(await f.as(bob()).market.read.filled([a, listing.nonce])).toBe(1_000n);
    expect(await f.sharesOf(bob().account.address, tokenId)).toBe(999n);
    expect(await f.sharesOf(carol().account.address, tokenId)).toBe(1n);
    await expectRevert(f.as(carol()).market.write.fillListing([listing, signature, 1n]), "OrderOverfilled", [
      1n,
      0n,
    ]);
  });

  it("takes a GOLD permit instead of an approval, tolerates a front-run one and names a bad one", async () => {
    const f = farm();
    const tokenId = await fundedBy(f, alice());
    await f.mined(f.as(alice()).nft.write.setApprovalForAll([f.deployment.farmMarket, true]));
    const listing = await listingBy(f, alice(), tokenId, 300n * ONE_GOLD);
    const signature = await signListing(alice(), listing, marketDomain(f));
    const market = f.deployment.farmMarket;
    const deadline = (await f.now()) + 3_600n;
    const cost = 100n * ONE_GOLD;
    let permit = await signGoldPermit(f, bob(), cost, deadline, market);
    await f.mined(
      f
        .as(bob())
        .market.write.fillListingWithPermit([
          listing,
          signature,
          cost,
          cost,
          deadline,
          permit.v,
          permit.r,
          permit.s,
        ]),
    );
    expect(await f.as(bob()).gold.read.allowance([bob().account.address, market])).toBe(0n);
    // Someone submits Bob's permit first (as a watcher of the mempool could): Bob's fill still goes through.
    permit = await signGoldPermit(f, bob(), cost, deadline, market);
    await f.mined(
      f
        .as(f.stranger)
        .gold.write.permit([bob().account.address, market, cost, deadline, permit.v, permit.r, permit.s]),
    );
    const args = [listing, signature, cost, cost, deadline, permit.v, permit.r, permit.s] as const;
    await f.mined(f.as(bob()).market.write.fillListingWithPermit(args));
    expect(await f.sharesOf(bob().account.address, tokenId)).toBe(2n * cost);
    // A permit that fails with no allowance to fall back on: its own error, not a bare allowance error.
    const expired = await signGoldPermit(f, bob(), cost, (await f.now()) - 1n, market);
    await expectRevert(
      f
        .as(bob())
        .market.write.fillListingWithPermit([
          listing,
          signature,
          cost,
          cost,
          (await f.now()) - 1n,
          expired.v,
          expired.r,
          expired.s,
        ]),
      "ERC2612ExpiredSignature",
    );
  });

  it("lets holders accept an offer in parts, and shares the nonce between a signer's offers and listings", async () => {
    const f = farm();
    const tokenId = await fundedBy(f, alice());
    await readyToTrade(f, alice(), bob(), carol());
    await f.mined(
      f
        .as(alice())
        .nft.write.safeTransferFrom([
          alice().account.address,
          carol().account.address,
          tokenId,
          300n * ONE_GOLD,
          "0x",
        ]),
    );
    const price = (101n * ONE_GOLD) / 100n;
    const offer = await offerBy(f, bob(), tokenId, 500n * ONE_GOLD, { price });
    expect(await f.as(bob()).market.read.offerHash([offer])).toBe(
      hashTypedData({ domain: marketDomain(f), types: orderTypes, primaryType: "Offer", message: offer }),
    );
    const signature = await signOffer(bob(), offer, marketDomain(f));
    const b = bob().account.address;
    const receipt = await f.mined(
      f.as(alice()).market.write.acceptOffer([offer, signature, 200n * ONE_GOLD]),
    );
    const [event] = marketEvents(receipt);
    expect(event?.eventName).toBe("OfferAccepted");
    expect(event?.args).toEqual({
      seller: alice().account.address,
      buyer: b,
      tokenId,
      nonce: offer.nonce,
      shares: 200n * ONE_GOLD,
      cost: 202n * ONE_GOLD,
      fee: 0n,
    });
    await f.mined(f.as(carol()).market.write.acceptOffer([offer, signature, 250n * ONE_GOLD]));
    expect(await f.as(bob()).market.read.filled([b, offer.nonce])).toBe(450n * ONE_GOLD);
    expect(await f.sharesOf(b, tokenId)).toBe(450n * ONE_GOLD);
    // Bob lists with the same nonce: the order's 450 filled count against it too.
    const listing = await listingBy(f, bob(), tokenId, 460n * ONE_GOLD, { nonce: offer.nonce });
    const listingSignature = await signListing(bob(), listing, marketDomain(f));
    await expectRevert(
      f.as(carol()).market.write.fillListing([listing, listingSignature, 11n * ONE_GOLD]),
      "OrderOverfilled",
      [11n * ONE_GOLD, 10n * ONE_GOLD],
    );
    await f.mined(f.as(bob()).market.write.cancel([offer.nonce]));
    await expectRevert(f.as(carol()).market.write.acceptOffer([offer, signature, 1n]), "OrderCancelled");
  });

  it("pays the fee out of the seller's proceeds to its recipient, and nothing once it is switched off", async () => {
    const f = farm();
    const tokenId = await fundedBy(f, alice());
    await readyToTrade(f, alice(), bob());
    const treasury = f.wallet(8).account.address;
    const set = await f.mined(f.as(f.admin).market.write.setFee([100, treasury]));
    expect(marketEvents(set)[0]?.args).toEqual({ feeBps: 100, recipient: treasury });
    expect(await f.as(bob()).market.read.feeRecipient()).toBe(treasury);
    const price = (97n * ONE_GOLD) / 100n;
    const listing = await listingBy(f, alice(), tokenId, 1_000n * ONE_GOLD, { price });
    const signature = await signListing(alice(), listing, marketDomain(f));
    const [a, b] = [alice().account.address, bob().account.address];
    const before = await Promise.all([f.goldOf(a), f.goldOf(b), f.goldOf(treasury)]);
    const amount = 123_456_789n;
    const receipt = await f.mined(f.as(bob()).market.write.fillListing([listing, signature, amount]));
    const cost = tradeCost(amount, price);
    const fee = (cost * 100n) / 10_000n;
    expect(marketEvents(receipt)[0]?.args).toMatchObject({ cost, fee });
    expect(fee).toBeGreaterThan(0n);
    expect(await f.goldOf(a)).toBe((before[0] as bigint) + cost - fee);
    expect(await f.goldOf(b)).toBe((before[1] as bigint) - cost);
    expect(await f.goldOf(treasury)).toBe((before[2] as bigint) + fee);
    await f.mined(f.as(f.admin).market.write.setFee([0, "0x0000000000000000000000000000000000000000"]));
    const second = await f.mined(f.as(bob()).market.write.fillListing([listing, signature, amount]));
    expect(marketEvents(second)[0]?.args).toMatchObject({ cost, fee: 0n });
    expect(await f.goldOf(treasury)).toBe((before[2] as bigint) + fee);
  });

  it("pays whoever holds the shares at harvest exactly their pro-rata part", async () => {
    const f = farm();
    const amount = 1_000n * ONE_GOLD;
    const tokenId = await fundedBy(f, alice(), amount);
    await readyToTrade(f, alice(), bob());
    const listing = await listingBy(f, alice(), tokenId, 400n * ONE_GOLD, { price: (99n * ONE_GOLD) / 100n });
    await f.mined(
      f
        .as(bob())
        .market.write.fillListing([
          listing,
          await signListing(alice(), listing, marketDomain(f)),
          listing.shares,
        ]),
    );
    await f.repay(tokenId, await f.as(f.admin).nft.read.amountDue([tokenId]));
    await f.advance(31n * DAY);
    const harvested = async (who: ReturnType<typeof alice>) => {
      const receipt = await f.mined(f.as(who).nft.write.harvest([tokenId]));
      const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" });
      return event?.args;
    };
    const fee = financingFee(amount, 40);
    const ofBob = await harvested(bob());
    const ofAlice = await harvested(alice());
    expect(ofBob?.principal).toBe(400n * ONE_GOLD);
    expect(ofAlice?.principal).toBe(600n * ONE_GOLD);
    expect((ofBob?.yield ?? 0n) + (ofAlice?.yield ?? 0n)).toBe(fee);
    expect(ofBob?.yield).toBe((fee * 400n) / 1_000n);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });

  it("trades a defaulted invoice's shares, and the settlement pays the holders exactly what was recovered", async () => {
    const f = farm();
    const amount = 1_000n * ONE_GOLD;
    const tokenId = await fundedBy(f, alice(), amount);
    await readyToTrade(f, alice(), bob(), carol());
    await f.advance(61n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([tokenId]));
    // A distressed sale at 40 % of face value, then a recovery the holders share.
    const listing = await listingBy(f, alice(), tokenId, 500n * ONE_GOLD, { price: (40n * ONE_GOLD) / 100n });
    const signature = await signListing(alice(), listing, marketDomain(f));
    await f.mined(f.as(bob()).market.write.fillListing([listing, signature, 250n * ONE_GOLD]));
    await f.mined(f.as(carol()).market.write.fillListing([listing, signature, 250n * ONE_GOLD]));
    await f.repay(tokenId, 600n * ONE_GOLD);
    await f.advance(31n * DAY);
    await f.mined(f.as(f.admin).nft.write.settleDefault([tokenId]));
    let claimed = 0n;
    for (const [who, shares] of [
      [alice(), 500n],
      [bob(), 250n],
      [carol(), 250n],
    ] as const) {
      const receipt = await f.mined(f.as(who).nft.write.harvest([tokenId]));
      const [event] = parseEventLogs({ abi: farmNftAbi, logs: receipt.logs, eventName: "Harvested" });
      expect(event?.args.principal).toBe((600n * ONE_GOLD * shares) / 1_000n);
      claimed += (event?.args.principal ?? 0n) + (event?.args.yield ?? 0n);
    }
    expect(claimed).toBe(600n * ONE_GOLD);
    expect(await f.goldOf(f.deployment.farmNft)).toBe(0n);
  });
});
