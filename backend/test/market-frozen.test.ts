import { farmNftAbi } from "@farm/contracts";
import type { MarketBook, MarketOrderView, MyMarketOrders } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { type Address, BaseError, ContractFunctionRevertedError, decodeErrorResult } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow } from "./chain-app";
import { type FarmChain, gold, type Wallet } from "./chain-fixture";
import { type TestApp, testBackends } from "./helpers";
import { type MarketDriver, readyToTrade, type SignedOrder, startMarketChain } from "./market-fixture";

/** The FarmNFT error a fill reverted with (FarmMarket's ABI, which the driver calls with, does not name it). */
async function farmNftError(fill: Promise<unknown>): Promise<string> {
  const error = await fill.then(
    () => null,
    (failure: unknown) => failure,
  );
  const reverted =
    error instanceof BaseError ? error.walk((c) => c instanceof ContractFunctionRevertedError) : null;
  const raw = reverted instanceof ContractFunctionRevertedError ? reverted.raw : undefined;
  return raw ? decodeErrorResult({ abi: farmNftAbi, data: raw }).errorName : `not a revert: ${String(error)}`;
}

/**
 * A frozen wallet's orders on anvil (decision 0058): FarmNFT moves no shares out of a frozen wallet nor into one, so
 * once the freeze is indexed the book leaves out its listings and its offers, its own list says frozen, and they come
 * back when the freeze is lifted. (The credential is read from the index, the same on both databases: one is enough.)
 */
describe.each(testBackends.slice(0, 1))("a frozen wallet's orders, on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let m: MarketDriver;
  let tokenId: bigint;
  const seller = () => farm.wallet(anvilKeys[2]);
  const buyer = () => farm.wallet(anvilKeys[3]);
  const holder = () => farm.wallet(anvilKeys[5]);
  let cookies = new Map<Address, string>();

  const post = async (order: SignedOrder) => {
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/market/orders",
      headers: { cookie: cookies.get(order.signer) ?? "" },
      payload: order,
    });
    expect(reply.statusCode, reply.body).toBe(201);
  };
  const served = async (side: "listing" | "offer") => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market?tokenId=${tokenId}&side=${side}` });
    return (reply.json() as MarketBook).items.map((item) => item.nonce);
  };
  /** The order's status as its signer's list and the order's own page show it. */
  const statuses = async (order: SignedOrder) => {
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/market/orders/mine",
      headers: { cookie: cookies.get(order.signer) ?? "" },
    });
    const one = await t.app.inject({
      method: "GET",
      url: `/api/market/orders/${order.signer}/${order.nonce}`,
    });
    return [
      (mine.json() as MyMarketOrders).items.find((item) => item.nonce === order.nonce)?.status,
      (one.json() as MarketOrderView).status,
    ];
  };
  const setFrozen = async (wallet: Wallet, frozen: boolean) => {
    await m.confirm(
      await farm.admin.writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "setFrozen",
        args: [wallet.account.address, frozen],
      }),
    );
    await indexNow(t);
  };

  let stop = async () => {};

  beforeAll(async () => {
    const started = await startMarketChain(kind);
    ({ farm, m, t, stop } = started);
    for (const wallet of [seller(), buyer(), holder()]) await started.driver.verify(wallet);
    tokenId = await started.driver.openInvoice(farm.wallet(anvilKeys[4]).account.address, gold(1_000n));
    await started.driver.invest(seller(), tokenId, gold(600n));
    await started.driver.invest(holder(), tokenId, gold(400n));
    // The holder accepts offers; the buyer pays with up to 100 GOLD.
    await m.approveShares(holder());
    const sides = { buyer: buyer(), seller: seller(), buyerGold: gold(100n) };
    cookies = await readyToTrade(t, m, started.driver, sides, [anvilKeys[2], anvilKeys[3]]);
  }, 240_000);
  afterAll(() => stop());

  it("leaves out a frozen seller's listing, which FarmNFT would refuse, and serves it again once the freeze is lifted", async () => {
    const listing = await m.sign(seller(), { shares: gold(10n) }, tokenId);
    await post(listing);
    await setFrozen(seller(), true);
    expect(await served("listing")).not.toContain(listing.nonce);
    expect(await statuses(listing)).toEqual(["frozen", "frozen"]);
    expect(await farmNftError(m.fill(buyer(), listing, gold(1n)))).toBe("WalletFrozen");
    await setFrozen(seller(), false);
    expect(await served("listing")).toContain(listing.nonce);
    expect(await statuses(listing)).toEqual(["open", "open"]);
  });

  it("leaves out a frozen buyer's offer, which FarmNFT would refuse, and serves it again once the freeze is lifted", async () => {
    const offer = await m.sign(buyer(), { side: "offer", shares: gold(10n) }, tokenId);
    await post(offer);
    await setFrozen(buyer(), true);
    expect(await served("offer")).not.toContain(offer.nonce);
    expect(await statuses(offer)).toEqual(["frozen", "frozen"]);
    expect(await farmNftError(m.fill(holder(), offer, gold(1n)))).toBe("WalletFrozen");
    await setFrozen(buyer(), false);
    expect(await served("offer")).toContain(offer.nonce);
    expect(await statuses(offer)).toEqual(["open", "open"]);
  });
});
