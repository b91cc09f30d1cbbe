import { ONE_GOLD } from "@farm/core";
import { verifyInvestor } from "@farm/testkit";
import { type Address, encodeFunctionData, getAddress, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { farmMarketAbi } from "../src/abi/FarmMarket";
import { goldTokenAbi } from "../src/abi/GoldToken";
import { marketWalletHarnessAbi } from "../src/abi/MarketWalletHarness";
import { marketWalletHarnessBytecode } from "../src/bytecode/MarketWalletHarness";
import { type Farm, investorOf, useFarm, type Wallet } from "./support/farm";
import { fundedBy, listingBy, marketDomain, offerBy, readyToTrade, signListing } from "./support/market";
import { expectRevert } from "./support/revert";

// Smart-contract wallets on the seed market (decision 0058): an offer signed through ERC-1271, and a buyer whose
// ERC-1155 receiver hook calls back into the market, which its reentrancy guard refuses.
const farm = useFarm();

/** A verified contract wallet owned by `owner`'s key, holding GOLD approved to the market. */
async function contractWallet(f: Farm, owner: Wallet): Promise<Address> {
  const hash = await f.admin.deployContract({
    abi: marketWalletHarnessAbi,
    bytecode: marketWalletHarnessBytecode,
    args: [owner.account.address],
  });
  const wallet = getAddress((await f.mined(hash)).contractAddress as string);
  await verifyInvestor({ publicClient: f.publicClient, writer: f.admin }, f.deployment.farmNft, wallet);
  await f.mined(f.as(f.admin).gold.write.mint([wallet, 10_000n * ONE_GOLD]));
  const approve = encodeFunctionData({
    abi: goldTokenAbi,
    functionName: "approve",
    args: [f.deployment.farmMarket, maxUint256],
  });
  await f.mined(
    owner.writeContract({
      address: wallet,
      abi: marketWalletHarnessAbi,
      functionName: "execute",
      args: [f.deployment.goldToken, approve],
    }),
  );
  return wallet;
}

describe("FarmMarket with contract wallets", () => {
  it("accepts an offer a contract wallet signed through ERC-1271, and no one else's signature for it", async () => {
    const f = farm();
    const [alice, bob, carol] = [0, 1, 2].map((i) => investorOf(farm, i)) as [Wallet, Wallet, Wallet];
    const tokenId = await fundedBy(f, alice);
    await readyToTrade(f, alice);
    const wallet = await contractWallet(f, bob);
    const { buyer: _, ...terms } = await offerBy(f, bob, tokenId, 100n * ONE_GOLD);
    const offer = { buyer: wallet, ...terms };
    const digest = await f.as(bob).market.read.offerHash([offer]);
    await expectRevert(
      f.as(alice).market.write.acceptOffer([offer, await carol.account.sign({ hash: digest }), offer.shares]),
      "InvalidOrderSignature",
    );
    await f.mined(
      f.as(alice).market.write.acceptOffer([offer, await bob.account.sign({ hash: digest }), offer.shares]),
    );
    expect(await f.sharesOf(wallet, tokenId)).toBe(offer.shares);
    expect(await f.as(bob).market.read.filled([wallet, offer.nonce])).toBe(offer.shares);
  });

  it("refuses a buyer's receiver hook that calls the market again, and keeps nothing of the attempt", async () => {
    const f = farm();
    const [alice, bob] = [investorOf(farm, 0), investorOf(farm, 1)];
    const tokenId = await fundedBy(f, alice);
    await readyToTrade(f, alice);
    const wallet = await contractWallet(f, bob);
    const first = await listingBy(f, alice, tokenId, 100n * ONE_GOLD);
    const second = await listingBy(f, alice, tokenId, 100n * ONE_GOLD);
    const fill = async (listing: typeof first) =>
      encodeFunctionData({
        abi: farmMarketAbi,
        functionName: "fillListing",
        args: [listing, await signListing(alice, listing, marketDomain(f)), listing.shares],
      });
    const asWallet = (functionName: "execute" | "setReentry", target: Address, data: `0x${string}`) =>
      bob.writeContract({ address: wallet, abi: marketWalletHarnessAbi, functionName, args: [target, data] });
    await f.mined(asWallet("setReentry", f.deployment.farmMarket, await fill(second)));
    await expectRevert(
      asWallet("execute", f.deployment.farmMarket, await fill(first)),
      "ReentrancyGuardReentrantCall",
    );
    expect(await f.as(bob).market.read.filled([alice.account.address, first.nonce])).toBe(0n);
    // Disarmed, the same wallet buys normally: the hook is called and accepts.
    await f.mined(asWallet("setReentry", f.deployment.farmMarket, "0x"));
    await f.mined(asWallet("execute", f.deployment.farmMarket, await fill(first)));
    expect(await f.sharesOf(wallet, tokenId)).toBe(first.shares);
  });
});
