import { farmMarketAbi, farmNftAbi, goldTokenAbi } from "@farm/contracts";
import type { MarketBook, MyMarketOrders } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { type TestApp, testBackends } from "./helpers";
import { MarketDriver, readyToTrade } from "./market-fixture";

/**
 * What the index cannot tell about an open order, read from the chain when the book is served: a listing whose seller
 * took back the market's approval, an offer whose buyer spent, moved or no longer allows the GOLD it would pay. Such
 * orders leave the book once the change is indexed, and come back when it is undone. (The chain check does not
 * depend on the database, so one backend is enough.)
 */
describe.each(testBackends.slice(0, 1))(
  "the market's book checks what the chain would refuse, on $name",
  ({ kind }) => {
    let farm: FarmChain;
    let t: TestApp;
    let m: MarketDriver;
    let market: Address;
    let tokenId: bigint;
    const seller = () => farm.wallet(anvilKeys[2]);
    const buyer = () => farm.wallet(anvilKeys[3]);
    const elsewhere = privateKeyToAccount(anvilKeys[7]).address;
    let cookies = new Map<Address, string>();

    const post = async (wallet: Wallet, body: object) => {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/market/orders",
        headers: { cookie: cookies.get(wallet.account.address) ?? "" },
        payload: body,
      });
      expect(reply.statusCode, reply.body).toBe(201);
    };
    const nonces = async (side: "listing" | "offer") => {
      const reply = await t.app.inject({ method: "GET", url: `/api/market?tokenId=${tokenId}&side=${side}` });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as MarketBook).items.map((item) => item.nonce);
    };
    const goldCall = async (wallet: Wallet, functionName: "approve" | "transfer", args: [Address, bigint]) =>
      m.confirm(
        await wallet.writeContract({
          address: farm.deployment.goldToken,
          abi: goldTokenAbi,
          functionName,
          args,
        }),
      );

    beforeAll(async () => {
      farm = await startFarmChain();
      if (!farm.deployment.farmMarket) throw new Error("deployFarm deployed no FarmMarket");
      market = farm.deployment.farmMarket;
      m = new MarketDriver(farm, market);
      const driver = new FarmDriver(farm);
      t = await startChainApp(farm, kind);
      for (const wallet of [seller(), buyer()]) await driver.verify(wallet);
      tokenId = await driver.openInvoice(farm.wallet(anvilKeys[4]).account.address, gold(1_000n));
      await driver.invest(seller(), tokenId, gold(1_000n));
      cookies = await readyToTrade(
        t,
        m,
        driver,
        { buyer: buyer(), seller: seller(), buyerGold: gold(100n) },
        [anvilKeys[2], anvilKeys[3]],
      );
    }, 240_000);
    afterAll(async () => {
      await t?.close();
      await farm?.stop();
    });

    it("drops an offer whose buyer withdrew the allowance or moved the GOLD, and serves it again once funded", async () => {
      // 50 shares at 0.98 GOLD: the offer pays 49 GOLD of the buyer's 100.
      const offer = await m.sign(buyer(), { side: "offer", shares: gold(50n) }, tokenId);
      await post(buyer(), offer);
      expect(await nonces("offer")).toContain(offer.nonce);

      await goldCall(buyer(), "approve", [market, 0n]);
      await indexNow(t);
      expect(await nonces("offer")).not.toContain(offer.nonce);

      await m.approveGold(buyer());
      await indexNow(t);
      expect(await nonces("offer")).toContain(offer.nonce);

      // 60 GOLD leave: 40 are left, less than the 49 the offer pays.
      await goldCall(buyer(), "transfer", [elsewhere, gold(60n)]);
      await indexNow(t);
      expect(await nonces("offer")).not.toContain(offer.nonce);
      // The buyer's own list shows it on hold (the app says why: its GOLD or allowance).
      const mine = await t.app.inject({
        method: "GET",
        url: "/api/market/orders/mine",
        headers: { cookie: cookies.get(buyer().account.address) ?? "" },
      });
      const listed = (mine.json() as MyMarketOrders).items.find((item) => item.nonce === offer.nonce);
      expect(listed?.status).toBe("unfunded");
    });

    it("drops a listing whose seller took back the market's approval on FarmNFT", async () => {
      const listing = await m.sign(seller(), { shares: gold(100n) }, tokenId);
      await post(seller(), listing);
      expect(await nonces("listing")).toContain(listing.nonce);
      await m.confirm(
        await seller().writeContract({
          address: farm.deployment.farmNft,
          abi: farmNftAbi,
          functionName: "setApprovalForAll",
          args: [market, false],
        }),
      );
      await indexNow(t);
      expect(await nonces("listing")).not.toContain(listing.nonce);
      await m.approveShares(seller());
      await indexNow(t);
      expect(await nonces("listing")).toContain(listing.nonce);
    });

    it("says trading is paused in the book and the config while the admin has FarmMarket paused", async () => {
      const paused = async () => {
        const book = await t.app.inject({ method: "GET", url: `/api/market?tokenId=${tokenId}` });
        const config = await t.app.inject({ method: "GET", url: "/api/config" });
        return [(book.json() as MarketBook).paused, config.json().market.paused];
      };
      expect(await paused()).toEqual([false, false]);
      const admin = async (functionName: "pause" | "unpause") =>
        m.confirm(await farm.admin.writeContract({ address: market, abi: farmMarketAbi, functionName }));
      await admin("pause");
      await indexNow(t);
      expect(await paused()).toEqual([true, true]);
      await admin("unpause");
      await indexNow(t);
      expect(await paused()).toEqual([false, false]);
    });
  },
);
