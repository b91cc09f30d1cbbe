import { farmNftAbi } from "@farm/contracts";
import { type MarketBook, type MarketOrderView, ONE_GOLD, tradeCost } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainCredentials, chainInvoices, chainPositions, marketOrders } from "../src/db/schema";
import { type FundingCheck, readMarketBook, readMyOrders } from "../src/services/market/book";
import type { OrderToFund } from "../src/services/market/funding";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import {
  fundedInvoiceRow,
  MarketDriver,
  type OrderTerms,
  openCredentialRow,
  readyToTrade,
} from "./market-fixture";

const seller = "0x00000000000000000000000000000000000000A1";
const buyer = "0x00000000000000000000000000000000000000B2";
const farmer = "0x00000000000000000000000000000000000000C3";
const price = 98n * 10n ** 16n;
const total = (items: { remaining: string }[]) =>
  items.reduce((sum, item) => sum + BigInt(item.remaining), 0n);

/**
 * What a signer commits in the book (decision 0058): each order counts on top of the signer's earlier live orders, in
 * posting order. The book on the index alone: listings beyond the seller's position are left out, however many
 * were stored, and an offer is judged by the GOLD it and the buyer's earlier offers (on any invoice) would pay.
 */
describe.each(testBackends)("what a signer commits in the book, on $name", ({ kind }) => {
  let t: TestApp;
  const now = new Date("2027-03-01T00:00:00Z");
  const expiry = BigInt(Math.floor(now.getTime() / 1000) + 7 * 86_400);
  const posted = (minutes: number) => new Date(now.getTime() - 60 * 60_000 + minutes * 60_000);

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const db = t.app.db;
    await db
      .insert(chainInvoices)
      .values([fundedInvoiceRow(1n, farmer, now), fundedInvoiceRow(2n, farmer, now)]);
    await db.insert(chainPositions).values([
      { tokenId: 1n, holder: seller, shares: 100n * ONE_GOLD },
      { tokenId: 2n, holder: seller, shares: 100n * ONE_GOLD },
    ]);
    await db.insert(chainCredentials).values(openCredentialRow(buyer));
    const order = { price, expiry, signature: `0x${"1b".repeat(65)}` };
    const listing = (nonce: bigint, tokenId: bigint, shares: bigint, minutes: number) => ({
      ...order,
      signer: seller,
      side: "listing",
      nonce,
      tokenId,
      shares: shares * ONE_GOLD,
      createdAt: posted(minutes),
    });
    const offer = (nonce: bigint, tokenId: bigint, shares: bigint, minutes: number, at = order.expiry) => ({
      ...order,
      signer: buyer,
      side: "offer",
      nonce,
      tokenId,
      shares: shares * ONE_GOLD,
      expiry: at,
      createdAt: posted(minutes),
    });
    // Stored as if each had passed the post-time check alone: 60 + 30 + 30 of invoice 1 against 100 held.
    await db
      .insert(marketOrders)
      .values([
        listing(1n, 1n, 60n, 1),
        listing(2n, 1n, 30n, 2),
        listing(3n, 1n, 30n, 3),
        listing(4n, 2n, 100n, 4),
        offer(11n, 1n, 40n, 1),
        offer(12n, 2n, 10n, 2, expiry - 7n * 86_400n - 1n),
        offer(13n, 2n, 30n, 3),
      ]);
  });
  afterAll(() => t?.close());

  const book = (side: "listing" | "offer", tokenId: string, unfillable?: FundingCheck) =>
    readMarketBook(t.app.db, { side, tokenId, limit: 20 }, now, unfillable).then((page) => page.items);
  const setHeld = (shares: bigint) =>
    t.app.db.execute(
      sql`update chain_positions set shares = ${(shares * ONE_GOLD).toString()}::numeric
          where holder = ${seller} and token_id = 1`,
    );

  it("serves a seller's listings in posting order only while they fit in its position, each invoice on its own", async () => {
    // 60 and 30 fit in 100; the third would take it to 120.
    const listings = await book("listing", "1");
    expect(listings.map((item) => item.nonce).sort()).toEqual(["1", "2"]);
    expect(total(listings)).toBe(90n * ONE_GOLD);
    // Invoice 2's listing counts against invoice 2's position only.
    expect((await book("listing", "2")).map((item) => item.nonce)).toEqual(["4"]);
    expect((await readMyOrders(t.app.db, seller, now)).find((item) => item.nonce === "3")?.status).toBe(
      "unfunded",
    );
  });

  it("shows no more than the seller holds after its position drops, later listings going first", async () => {
    for (const [held, shown] of [
      [70n, ["1"]],
      [59n, []],
      [100n, ["1", "2"]],
    ] as const) {
      await setHeld(held);
      const listings = await book("listing", "1");
      expect(listings.map((item) => item.nonce).sort(), `${held} held`).toEqual(shown);
      expect(total(listings)).toBeLessThanOrEqual(held * ONE_GOLD);
    }
    await setHeld(70n);
    const mine = await readMyOrders(t.app.db, seller, now);
    expect(Object.fromEntries(mine.map((item) => [item.nonce, item.status]))).toMatchObject({
      "1": "open",
      "2": "unfunded",
      "3": "unfunded",
      "4": "open",
    });
    await setHeld(100n);
  });

  it("judges an offer by the GOLD and shares of the buyer's earlier live offers on any invoice, and its own", async () => {
    const seen = new Map<string, OrderToFund>();
    const record: FundingCheck = async (orders) => {
      for (const order of orders) seen.set(order.id, order);
      return new Set();
    };
    const [first] = await book("offer", "1", record);
    const [third] = await book("offer", "2", record);
    expect([first?.nonce, third?.nonce]).toEqual(["11", "13"]);
    const fundOf = (id: string) => {
      const order = [...seen.values()].find((item) => item.id === id);
      return order && { shares: order.shares, cost: order.cost };
    };
    const ids = await t.app.db
      .select({ id: marketOrders.id, nonce: marketOrders.nonce })
      .from(marketOrders)
      .where(sql`${marketOrders.signer} = ${buyer}`);
    const idOf = (nonce: bigint) => ids.find((row) => row.nonce === nonce)?.id ?? "";
    // The expired offer (nonce 12) counts for nothing.
    expect(fundOf(idOf(11n))).toEqual({ shares: 40n * ONE_GOLD, cost: tradeCost(40n * ONE_GOLD, price) });
    expect(fundOf(idOf(13n))).toEqual({
      shares: 70n * ONE_GOLD,
      cost: tradeCost(40n * ONE_GOLD, price) + tradeCost(30n * ONE_GOLD, price),
    });
    // A buyer whose GOLD covers the first offer only: the book drops the second.
    const cover: FundingCheck = async (orders) =>
      new Set(
        orders.filter((order) => order.cost > tradeCost(40n * ONE_GOLD, price)).map((order) => order.id),
      );
    expect(await book("offer", "2", cover)).toEqual([]);
    expect((await book("offer", "1", cover)).map((item) => item.nonce)).toEqual(["11"]);
  });
});

/**
 * The same rule when an order is posted, against FarmMarket on anvil: a listing or an offer that does not fit on top
 * of the signer's live orders is refused with what is committed already, two posts at once cannot both take the same
 * shares, and a wallet may hold at most MARKET_MAX_OPEN_ORDERS live orders.
 */
describe.each(testBackends)("posting orders against what the signer committed, on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let m: MarketDriver;
  let tokenId: bigint;
  const sellerWallet = () => farm.wallet(anvilKeys[2]);
  const buyerWallet = () => farm.wallet(anvilKeys[3]);
  const elsewhere = () => farm.wallet(anvilKeys[5]);
  let cookies = new Map<Address, string>();

  const post = async (wallet: Wallet, terms: OrderTerms) => {
    const body = await m.sign(wallet, terms, tokenId);
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/market/orders",
      headers: { cookie: cookies.get(wallet.account.address) ?? "" },
      payload: body,
    });
    const json = reply.json();
    return { status: reply.statusCode, code: json.error?.code, details: json.error?.details, body, json };
  };
  const book = async (side: "listing" | "offer") => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market?tokenId=${tokenId}&side=${side}` });
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as MarketBook).items;
  };

  beforeAll(async () => {
    farm = await startFarmChain();
    if (!farm.deployment.farmMarket) throw new Error("deployFarm deployed no FarmMarket");
    m = new MarketDriver(farm, farm.deployment.farmMarket);
    const driver = new FarmDriver(farm);
    t = await startChainApp(farm, kind, { MARKET_MAX_OPEN_ORDERS: "4" });
    for (const wallet of [sellerWallet(), buyerWallet(), elsewhere()]) await driver.verify(wallet);
    tokenId = await driver.openInvoice(farm.wallet(anvilKeys[4]).account.address, gold(1_000n));
    await driver.invest(sellerWallet(), tokenId, gold(600n));
    await driver.invest(elsewhere(), tokenId, gold(400n));
    cookies = await readyToTrade(
      t,
      m,
      driver,
      { buyer: buyerWallet(), seller: sellerWallet(), buyerGold: gold(100n) },
      [anvilKeys[2], anvilKeys[3]],
    );
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("refuses a second listing that would offer more than the seller holds, and never shows more than it holds once shares leave", async () => {
    expect((await post(sellerWallet(), { shares: gold(400n) })).status).toBe(201);
    const refused = await post(sellerWallet(), { shares: gold(300n) });
    expect([refused.status, refused.code]).toEqual([422, "LISTINGS_EXCEED_SHARES"]);
    expect(refused.details).toEqual({
      held: gold(600n).toString(),
      listed: gold(400n).toString(),
      available: gold(200n).toString(),
    });
    expect(refused.json.error.message).toMatch(
      /400 GOLD of the 600 GOLD.*at most 200 GOLD more.*cancel a listing/,
    );
    // Two posts at once that each fit alone: one is taken, the other refused.
    const both = await Promise.all([
      post(sellerWallet(), { shares: gold(150n) }),
      post(sellerWallet(), { shares: gold(150n) }),
    ]);
    expect(both.map((reply) => reply.status).sort()).toEqual([201, 422]);
    expect(total(await book("listing"))).toBe(gold(550n));

    // Then shares leave the seller's wallet: the book never shows more than it holds.
    await m.confirm(
      await sellerWallet().writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "safeTransferFrom",
        args: [sellerWallet().account.address, elsewhere().account.address, tokenId, gold(200n), "0x"],
      }),
    );
    await indexNow(t);
    // 400 held: the first listing (400) still fits, the later one (150) no longer does.
    const listings = await book("listing");
    expect(listings.map((item) => item.remaining)).toEqual([gold(400n).toString()]);
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/market/orders/mine",
      headers: { cookie: cookies.get(sellerWallet().account.address) ?? "" },
    });
    const statuses = (mine.json() as { items: MarketOrderView[] }).items.map((item) => item.status);
    expect(statuses.sort()).toEqual(["open", "unfunded"]);
  });

  it("refuses an offer its buyer's GOLD cannot pay on top of its open offers, and an order past the open-order cap", async () => {
    // 60 shares at 0.98 pay 58.8 GOLD of the buyer's 100; 50 more would pay 49.
    expect((await post(buyerWallet(), { side: "offer", shares: gold(60n) })).status).toBe(201);
    const refused = await post(buyerWallet(), { side: "offer", shares: gold(50n) });
    expect([refused.status, refused.code]).toEqual([422, "OFFERS_EXCEED_FUNDS"]);
    expect(refused.details).toMatchObject({
      gold: gold(100n).toString(),
      offeredCost: tradeCost(gold(60n), 98n * 10n ** 16n).toString(),
      limitedBy: "gold",
    });
    expect((await post(buyerWallet(), { side: "offer", shares: gold(40n) })).status).toBe(201);
    expect((await book("offer")).length).toBe(2);

    // The buyer has 2 live offers; the cap is 4: a third and fourth are taken, a fifth refused until one leaves.
    const third = await post(buyerWallet(), { side: "offer", shares: 1n });
    expect((await post(buyerWallet(), { side: "offer", shares: 1n })).status).toBe(201);
    expect(third.status).toBe(201);
    const pastCap = await post(buyerWallet(), { side: "offer", shares: 1n });
    expect([pastCap.status, pastCap.code, pastCap.details]).toEqual([
      409,
      "TOO_MANY_OPEN_ORDERS",
      { limit: 4, open: 4 },
    ]);
    await m.cancel(buyerWallet(), BigInt(third.body.nonce));
    await indexNow(t);
    expect((await post(buyerWallet(), { side: "offer", shares: 1n })).status).toBe(201);
  });
});
