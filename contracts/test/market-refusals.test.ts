import { ONE_GOLD } from "@farm/core";
import { getAddress, maxUint256, parseEventLogs } from "viem";
import { describe, expect, it } from "vitest";
import { farmMarketAbi } from "../src/abi/FarmMarket";
import { farmMarketBytecode } from "../src/bytecode/FarmMarket";
import { InvoiceStatus } from "../src/invoice-status";
import { DAY, type Farm, investorOf, useFarm, type Wallet } from "./support/farm";
import {
  fundedBy,
  type Listing,
  listingBy,
  marketDomain,
  offerBy,
  readyToTrade,
  signListing,
  signOffer,
} from "./support/market";
import { expectRevert } from "./support/revert";

// FarmMarket refuses every order it must not fill, each with its named error (decision 0058); FarmNFT's credential
// errors reach the caller unchanged.
const farm = useFarm();
const SHARES = 1_000n * ONE_GOLD;

/** Alice holds a whole funded invoice and lists `shares` of it; Bob (verified) is ready to buy. */
async function aliceLists(shares = 400n * ONE_GOLD, tokenId?: bigint) {
  const f = farm();
  const [alice, bob] = [investorOf(farm, 0), investorOf(farm, 1)];
  const id = tokenId ?? (await fundedBy(f, alice));
  await readyToTrade(f, alice, bob);
  const listing = await listingBy(f, alice, id, shares);
  return {
    f,
    alice,
    bob,
    tokenId: id,
    listing,
    signature: await signListing(alice, listing, marketDomain(f)),
  };
}

const fill = (f: Farm, buyer: Wallet, listing: Listing, signature: `0x${string}`, amount = listing.shares) =>
  f.as(buyer).market.write.fillListing([listing, signature, amount]);

describe("FarmMarket refuses", () => {
  it("an expired listing, a fill of nothing and a trade with oneself", async () => {
    const { f, alice, bob, listing, signature } = await aliceLists();
    await expectRevert(fill(f, bob, listing, signature, 0n), "ZeroAmount");
    await expectRevert(fill(f, alice, listing, signature), "SelfTrade");
    await f.advance(DAY + 1n);
    await expectRevert(fill(f, bob, listing, signature), "OrderExpired", [listing.expiry]);
  });

  it("a cancelled nonce, for listings and offers alike, and says so in an event", async () => {
    const { f, alice, bob, listing, signature } = await aliceLists();
    const receipt = await f.mined(f.as(alice).market.write.cancel([listing.nonce]));
    expect(await f.as(bob).market.read.filled([alice.account.address, listing.nonce])).toBe(maxUint256);
    const [event] = parseEventLogs({ abi: farmMarketAbi, logs: receipt.logs, eventName: "NonceCancelled" });
    expect(event?.args).toEqual({ signer: alice.account.address, nonce: listing.nonce });
    await expectRevert(fill(f, bob, listing, signature), "OrderCancelled", [
      alice.account.address,
      listing.nonce,
    ]);
    const offer = await offerBy(f, bob, listing.tokenId, 10n * ONE_GOLD);
    const offerSignature = await signOffer(bob, offer, marketDomain(f));
    await f.mined(f.as(bob).market.write.cancel([offer.nonce]));
    await expectRevert(
      f.as(alice).market.write.acceptOffer([offer, offerSignature, offer.shares]),
      "OrderCancelled",
      [bob.account.address, offer.nonce],
    );
  });

  it("more shares than the listing has left", async () => {
    const { f, bob, listing, signature } = await aliceLists(400n * ONE_GOLD);
    await expectRevert(fill(f, bob, listing, signature, listing.shares + 1n), "OrderOverfilled", [
      listing.shares + 1n,
      listing.shares,
    ]);
    await f.mined(fill(f, bob, listing, signature, 300n * ONE_GOLD));
    await expectRevert(fill(f, bob, listing, signature, 100n * ONE_GOLD + 1n), "OrderOverfilled", [
      100n * ONE_GOLD + 1n,
      100n * ONE_GOLD,
    ]);
    await f.mined(fill(f, bob, listing, signature, 100n * ONE_GOLD));
    await expectRevert(fill(f, bob, listing, signature, 1n), "OrderOverfilled", [1n, 0n]);
  });

  it("a listing with any field changed after signing, or signed by another wallet", async () => {
    const { f, bob, listing, signature } = await aliceLists();
    const carol = investorOf(farm, 2);
    const tampered: Listing[] = [
      { ...listing, seller: carol.account.address },
      { ...listing, tokenId: listing.tokenId + 1n },
      { ...listing, shares: listing.shares + 1n },
      { ...listing, price: listing.price - 1n },
      { ...listing, expiry: listing.expiry + 1n },
      { ...listing, nonce: listing.nonce + 1n },
    ];
    for (const changed of tampered) {
      await expectRevert(fill(f, bob, changed, signature, 1n), "InvalidOrderSignature");
    }
    // Carol signs a listing of Alice's shares: not Alice's signature.
    const forged = await signListing(carol, listing, marketDomain(f));
    await expectRevert(fill(f, bob, listing, forged, 1n), "InvalidOrderSignature");
    await expectRevert(fill(f, bob, listing, "0x1234", 1n), "InvalidOrderSignature");
    const offer = await offerBy(f, bob, listing.tokenId, 10n * ONE_GOLD);
    const offerSignature = await signOffer(bob, offer, marketDomain(f));
    const alice = investorOf(farm, 0);
    await expectRevert(
      f.as(alice).market.write.acceptOffer([{ ...offer, price: offer.price + 1n }, offerSignature, 1n]),
      "InvalidOrderSignature",
    );
    // A listing's signature is no offer's: the type is part of the digest.
    const { seller, ...terms } = listing;
    await expectRevert(
      f.as(bob).market.write.acceptOffer([{ buyer: seller, ...terms }, signature, 1n]),
      "InvalidOrderSignature",
    );
  });

  it("an order signed for another chain id or for another market deployment", async () => {
    const { f, alice, bob, listing } = await aliceLists();
    const otherChain = await signListing(alice, listing, marketDomain(f, { chainId: f.chain.id + 1 }));
    await expectRevert(fill(f, bob, listing, otherChain), "InvalidOrderSignature");
    // A second market on the same chain (same FarmNFT, same GOLD): an order for one is void on the other.
    const hash = await f.admin.deployContract({
      abi: farmMarketAbi,
      bytecode: farmMarketBytecode,
      args: [f.deployment.farmNft, f.deployment.goldToken, f.admin.account.address],
    });
    const deployed = await f.mined(hash);
    const other = getAddress(deployed.contractAddress as string);
    const forOther = await signListing(alice, listing, marketDomain(f, { verifyingContract: other }));
    await expectRevert(fill(f, bob, listing, forOther), "InvalidOrderSignature");
    // The same listing signed for this market fills.
    await f.mined(fill(f, bob, listing, await signListing(alice, listing, marketDomain(f)), 1n));
  });

  it("shares of an invoice that is not Funded or Defaulted", async () => {
    const f = farm();
    const [alice, bob] = [investorOf(farm, 0), investorOf(farm, 1)];
    await readyToTrade(f, alice, bob);
    const refused = async (tokenId: bigint, status: number) => {
      const listing = await listingBy(f, alice, tokenId, ONE_GOLD);
      const signature = await signListing(alice, listing, marketDomain(f));
      await expectRevert(fill(f, bob, listing, signature), "InvoiceNotTradable", [tokenId, status]);
    };
    await refused(999n, InvoiceStatus.Pending);
    // Approved, partly funded: shares exist but the invoice is not funded yet.
    const approved = await f.open();
    await f.invest(alice, approved, 500n * ONE_GOLD);
    await refused(approved, InvoiceStatus.Approved);
    // Withdrawn by the admin: holders refund, they do not trade.
    await f.mined(f.as(f.admin).nft.write.withdrawInvoice([approved, "the buyer disputed it"]));
    await refused(approved, InvoiceStatus.Cancelled);
    // Repaid: the harvest is open, the shares are a claim on GOLD already paid in.
    const repaid = await fundedBy(f, alice);
    await f.repay(repaid, await f.as(f.admin).nft.read.amountDue([repaid]));
    await refused(repaid, InvoiceStatus.Repaid);
    // Settled after a default: holders claim what was recovered.
    const settled = await fundedBy(f, alice);
    const defaulted = await fundedBy(f, alice);
    await f.advance(61n * DAY);
    await f.mined(f.as(f.admin).nft.write.markDefaulted([settled]));
    await f.advance(31n * DAY);
    await f.mined(f.as(f.admin).nft.write.settleDefault([settled]));
    await refused(settled, InvoiceStatus.Settled);
    // Overdue but not yet defaulted (Funded), then Defaulted: both trade.
    const listing = await listingBy(f, alice, defaulted, ONE_GOLD, { nonce: 1n, expiry: maxUint256 });
    const signature = await signListing(alice, listing, marketDomain(f));
    await f.mined(fill(f, bob, listing, signature, ONE_GOLD / 2n));
    await f.mined(f.as(f.admin).nft.write.markDefaulted([defaulted]));
    await f.mined(fill(f, bob, listing, signature, ONE_GOLD / 2n));
  });

  it("a buyer that is unverified, frozen or over its limit, and a frozen seller, with FarmNFT's errors", async () => {
    const { f, alice, bob, listing, signature } = await aliceLists();
    const { stranger } = f;
    await readyToTrade(f, stranger);
    await expectRevert(fill(f, stranger, listing, signature), "ReceiverNotVerified", [
      stranger.account.address,
    ]);
    const admin = f.as(f.admin).nft.write;
    await f.mined(admin.setFrozen([bob.account.address, true]));
    await expectRevert(fill(f, bob, listing, signature), "WalletFrozen", [bob.account.address]);
    await f.mined(admin.setFrozen([bob.account.address, false]));
    await f.mined(admin.setCredential([bob.account.address, 1, 2 ** 40 - 1, 100n * ONE_GOLD]));
    await expectRevert(fill(f, bob, listing, signature), "PrincipalLimitExceeded", [
      bob.account.address,
      listing.shares,
      100n * ONE_GOLD,
    ]);
    await f.mined(admin.setCredential([bob.account.address, 1, 2 ** 40 - 1, SHARES]));
    await f.mined(admin.setFrozen([alice.account.address, true]));
    await expectRevert(fill(f, bob, listing, signature), "WalletFrozen", [alice.account.address]);
    await f.mined(admin.setFrozen([alice.account.address, false]));
    await f.mined(fill(f, bob, listing, signature));
  });

  it("a seller that did not approve the market, a buyer without GOLD allowance or balance", async () => {
    const { f, alice, bob, listing, signature } = await aliceLists();
    const carol = investorOf(farm, 2);
    await expectRevert(fill(f, carol, listing, signature), "ERC20InsufficientAllowance");
    await f.mined(
      f.as(bob).gold.write.transfer([f.admin.account.address, await f.goldOf(bob.account.address)]),
    );
    await expectRevert(fill(f, bob, listing, signature), "ERC20InsufficientBalance");
    await readyToTrade(f, carol);
    await f.mined(f.as(alice).nft.write.setApprovalForAll([f.deployment.farmMarket, false]));
    await expectRevert(fill(f, carol, listing, signature), "ERC1155MissingApprovalForAll");
  });

  it("trades while paused (cancelling goes on), and settings from anyone but its admin", async () => {
    const { f, alice, bob, listing, signature } = await aliceLists();
    await expectRevert(f.as(bob).market.write.pause(), "AccessControlUnauthorizedAccount");
    await expectRevert(
      f.as(bob).market.write.setFee([10, bob.account.address]),
      "AccessControlUnauthorizedAccount",
    );
    await f.mined(f.as(f.admin).market.write.pause());
    expect(await f.as(bob).market.read.paused()).toBe(true);
    await expectRevert(fill(f, bob, listing, signature), "TradingPaused");
    const offer = await offerBy(f, bob, listing.tokenId, ONE_GOLD);
    const offerSignature = await signOffer(bob, offer, marketDomain(f));
    await expectRevert(f.as(alice).market.write.acceptOffer([offer, offerSignature, 1n]), "TradingPaused");
    await f.mined(f.as(alice).market.write.cancel([12_345n]));
    await f.mined(f.as(f.admin).market.write.unpause());
    await f.mined(fill(f, bob, listing, signature));
  });

  it("a fee above 1 % or without a proper recipient", async () => {
    const f = farm();
    const admin = f.as(f.admin).market.write;
    const treasury = f.wallet(8).account.address;
    await expectRevert(admin.setFee([101, treasury]), "FeeTooHigh", [101, 100]);
    await expectRevert(
      admin.setFee([50, "0x0000000000000000000000000000000000000000"]),
      "InvalidFeeRecipient",
    );
    await expectRevert(admin.setFee([50, f.deployment.farmNft]), "InvalidFeeRecipient", [
      f.deployment.farmNft,
    ]);
    await expectRevert(admin.setFee([0, f.deployment.farmMarket]), "InvalidFeeRecipient");
    await f.mined(admin.setFee([100, treasury]));
    expect(await f.as(f.admin).market.read.feeBps()).toBe(100);
    expect(await f.as(f.admin).market.read.MAX_FEE_BPS()).toBe(100);
  });
});
