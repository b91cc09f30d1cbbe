import { farmNftAbi } from "@farm/contracts";
import { type MarketBook, type MarketOrderView, type Statement, tradeCost } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import {
  DAY,
  MarketDriver,
  type OrderTerms,
  PRICE,
  type SignedOrder,
  sessionCookies,
} from "./market-fixture";

/**
 * The seed market's book against FarmMarket on anvil: orders checked against their signature and the chain when
 * posted, the book dropping what can no longer fill (a seller's shares moved elsewhere, a cancel, a fill), trades in
 * statements and activity, none of it earning XP or the leaderboard's "invested", and a reorg undoing a fill.
 */
describe.each(testBackends)("the seed market on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let driver: FarmDriver;
  let market: Address;
  let tokenId: bigint;
  let openTokenId: bigint;
  const keys = { seller: anvilKeys[2], buyer: anvilKeys[3], other: anvilKeys[5], stranger: anvilKeys[6] };
  const seller = () => farm.wallet(keys.seller);
  const buyer = () => farm.wallet(keys.buyer);
  const farmer = () => farm.wallet(anvilKeys[4]);
  const other = () => farm.wallet(keys.other);
  const stranger = () => farm.wallet(keys.stranger);
  let cookies = new Map<Address, string>();
  const goldBefore = new Map<Address, bigint>();
  let firstDay = "";

  let m: MarketDriver;
  const confirm = (hash: Hash) => m.confirm(hash);
  const goldOf = (address: Address) => m.goldOf(address);
  const chainSeconds = () => m.chainSeconds();
  const nonce = () => m.nonce();
  const signed = (wallet: Wallet, terms: OrderTerms, token = tokenId) => m.sign(wallet, terms, token);
  const post = (wallet: Wallet, body: object) =>
    t.app.inject({
      method: "POST",
      url: "/api/market/orders",
      headers: { cookie: cookies.get(wallet.account.address) ?? "" },
      payload: body,
    });
  const book = async (query = `tokenId=${tokenId}`) => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market?${query}` });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as MarketBook;
  };
  const orderOf = async (signer: Address, n: string) => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market/orders/${signer}/${n}` });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as MarketOrderView;
  };
  const fill = (wallet: Wallet, order: SignedOrder, amount: bigint) => m.fill(wallet, order, amount);
  const cancel = (wallet: Wallet, n: bigint) => m.cancel(wallet, n);
  const approveShares = (wallet: Wallet) => m.approveShares(wallet);
  const player = async (address: Address) => {
    const [row] = await queryRows<{ xp: number; invested: string; plantings_count: number }>(
      t.app.db,
      sql`select xp, invested::text, plantings_count from players where address = ${address}`,
    );
    return row ?? { xp: 0, invested: "0", plantings_count: 0 };
  };
  const statementOf = async (wallet: Wallet) => {
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/user/statement?from=${firstDay}&to=${await m.wibToday()}`,
      headers: { cookie: cookies.get(wallet.account.address) ?? "" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as Statement;
  };

  beforeAll(async () => {
    farm = await startFarmChain();
    if (!farm.deployment.farmMarket) throw new Error("deployFarm deployed no FarmMarket");
    market = farm.deployment.farmMarket;
    m = new MarketDriver(farm, market);
    driver = new FarmDriver(farm);
    t = await startChainApp(farm, kind);
    firstDay = await m.wibToday();
    for (const wallet of [seller(), buyer(), other(), stranger()]) await driver.verify(wallet);
    // The seller's and the buyer's GOLD is minted before their balances are noted: the statements must account for
    // every movement after.
    await driver.fundGold(seller(), gold(700n));
    await driver.fundGold(buyer(), gold(500n));
    await m.approveGold(buyer());
    for (const wallet of [seller(), buyer()])
      goldBefore.set(wallet.account.address, await goldOf(wallet.account.address));
    const invest = async (wallet: Wallet, token: bigint, amount: bigint) =>
      confirm(
        await wallet.writeContract({
          address: farm.deployment.farmNft,
          abi: farmNftAbi,
          functionName: "invest",
          args: [token, amount],
        }),
      );
    tokenId = await driver.openInvoice(farmer().account.address, gold(1_000n));
    await invest(seller(), tokenId, gold(600n));
    await driver.invest(other(), tokenId, gold(400n));
    // An invoice approved but not funded: nothing of it trades.
    openTokenId = await driver.openInvoice(farmer().account.address, gold(1_000n));
    await invest(seller(), openTokenId, gold(100n));
    await indexNow(t);
    cookies = await sessionCookies(t.app, Object.values(keys));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  it("tells the apps the market's address and fee", async () => {
    const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json();
    expect(config.market).toEqual({ address: market, feeBps: 0, feeRecipient: null, paused: false });
  });

  it("refuses a listing before the seller approved the market (409), then keeps it in the book", async () => {
    const listing = await signed(seller(), { shares: gold(300n) });
    const refused = await post(seller(), listing);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe("MARKET_APPROVAL_MISSING");
    await approveShares(seller());
    const posted = await post(seller(), listing);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      status: "open",
      remaining: gold(300n).toString(),
      filledShares: "0",
    });
    const { items } = await book();
    const entry = items.find((item) => item.nonce === listing.nonce);
    expect(entry).toMatchObject({
      signer: seller().account.address,
      faceValue: gold(300n).toString(),
      cost: tradeCost(gold(300n), PRICE).toString(),
      fee: "0",
      discountBps: 200,
      impliedYieldUndefined: null,
      invoice: { overdue: false, defaulted: false, state: { name: "funded" } },
      farmerRecord: { standing: expect.any(String) },
    });
    // 300 GOLD of face at 2 % yield for 294 GOLD: (306 / 294 - 1) = 4.08 % to maturity.
    expect(entry?.impliedYieldBps).toBe(408);
    expect(entry?.impliedAnnualYieldBps).toBeGreaterThan(408);
    // The same nonce again is refused.
    const again = await post(seller(), listing);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ORDER_NONCE_USED");
  });

  it("refuses tampered, foreign, expired, overpriced and untradable orders with 4xx naming the rule", async () => {
    const listing = await signed(seller(), { shares: gold(10n) });
    const codeOf = async (wallet: Wallet, body: object) => {
      const reply = await post(wallet, body);
      return [reply.statusCode, reply.json().error?.code];
    };
    expect(await codeOf(seller(), { ...listing, price: (PRICE - 1n).toString() })).toEqual([
      422,
      "ORDER_SIGNATURE_INVALID",
    ]);
    // Signed by another wallet in the seller's name.
    const forged = await signed(stranger(), { shares: gold(10n) });
    expect(await codeOf(seller(), { ...forged, signer: seller().account.address })).toEqual([
      422,
      "ORDER_SIGNATURE_INVALID",
    ]);
    // Posted by a wallet that did not sign it.
    expect((await post(stranger(), listing)).statusCode).toBe(403);
    const now = await chainSeconds();
    expect(
      await codeOf(seller(), await signed(seller(), { shares: gold(10n), expiry: now - 3600n })),
    ).toEqual([422, "ORDER_EXPIRED"]);
    expect(
      await codeOf(seller(), await signed(seller(), { shares: gold(10n), expiry: now + BigInt(91 * DAY) })),
    ).toEqual([422, "ORDER_EXPIRY_TOO_FAR"]);
    expect(
      await codeOf(seller(), await signed(seller(), { shares: gold(10n), price: 3n * 10n ** 18n })),
    ).toEqual([422, "PRICE_OUT_OF_RANGE"]);
    expect(await codeOf(seller(), await signed(seller(), { shares: gold(10n) }, openTokenId))).toEqual([
      422,
      "NOT_TRADABLE",
    ]);
    expect(await codeOf(seller(), await signed(seller(), { shares: gold(601n) }))).toEqual([
      422,
      "INSUFFICIENT_SHARES",
    ]);
    expect((await post(seller(), { ...listing, price: "0" })).statusCode).toBe(400);
    // An offer needs GOLD approved to the market.
    expect(await codeOf(stranger(), await signed(stranger(), { side: "offer", shares: gold(10n) }))).toEqual([
      422,
      "INSUFFICIENT_GOLD",
    ]);
  });

  it("refuses a stale nonce: one cancelled on chain cannot be posted", async () => {
    const n = nonce();
    await cancel(seller(), n);
    const reply = await post(seller(), await signed(seller(), { shares: gold(10n), nonce: n }));
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.code).toBe("ORDER_NONCE_USED");
  });

  it("fills part of a listing: the book shows what is left, statements and activity show the trade, no XP or score", async () => {
    const listing = await signed(seller(), { shares: gold(200n) });
    expect((await post(seller(), listing)).statusCode).toBe(201);
    const before = {
      buyer: await player(buyer().account.address),
      seller: await player(seller().account.address),
    };
    await fill(buyer(), listing, gold(50n));
    await indexNow(t);
    expect(await orderOf(seller().account.address, listing.nonce)).toMatchObject({
      status: "open",
      filledShares: gold(50n).toString(),
      remaining: gold(150n).toString(),
    });
    const entry = (await book()).items.find((item) => item.nonce === listing.nonce);
    expect(entry).toMatchObject({ remaining: gold(150n).toString(), faceValue: gold(150n).toString() });

    // A trade is a share transfer: no planting XP, quest progress or "invested" for either side.
    expect(await player(buyer().account.address)).toEqual(before.buyer);
    expect(await player(seller().account.address)).toEqual(before.seller);
    const profile = (
      await t.app.inject({
        method: "GET",
        url: "/api/user/profile",
        headers: { cookie: cookies.get(buyer().account.address) ?? "" },
      })
    ).json();
    expect(profile.stats.invested).toBe("0");

    const cost = tradeCost(gold(50n), PRICE);
    const buyerStatement = await statementOf(buyer());
    expect(buyerStatement.entries.map((e) => e.kind)).toEqual(["marketBuy"]);
    expect(buyerStatement.entries[0]).toMatchObject({
      shares: gold(50n).toString(),
      principal: cost.toString(),
    });
    expect(buyerStatement.closing).toEqual([{ tokenId: tokenId.toString(), shares: gold(50n).toString() }]);
    const sellerStatement = await statementOf(seller());
    expect(sellerStatement.entries.filter((e) => e.kind.startsWith("market")).map((e) => e.kind)).toEqual([
      "marketSell",
    ]);
    expect(sellerStatement.entries.some((e) => e.kind === "transferOut")).toBe(false);
    // Cash in and out, trades included, is what each wallet's GOLD balance moved.
    for (const [wallet, statement] of [
      [buyer(), buyerStatement],
      [seller(), sellerStatement],
    ] as const) {
      const { totals } = statement;
      const cash =
        BigInt(totals.harvestedPrincipal) +
        BigInt(totals.yieldEarned) +
        BigInt(totals.refunded) +
        BigInt(totals.settlementPrincipal) +
        BigInt(totals.marketReceived) -
        BigInt(totals.invested) -
        BigInt(totals.marketPaid);
      const address = wallet.account.address;
      expect(cash, address).toBe((await goldOf(address)) - (goldBefore.get(address) ?? 0n));
    }
    expect(sellerStatement.totals).toMatchObject({
      sharesSold: gold(50n).toString(),
      marketReceived: cost.toString(),
    });

    const activity = (
      await t.app.inject({
        method: "GET",
        url: "/api/user/activity",
        headers: { cookie: cookies.get(buyer().account.address) ?? "" },
      })
    ).json() as { items: { kind: string; amount: string }[] };
    expect(activity.items[0]).toMatchObject({ kind: "bought", amount: cost.toString() });
    const inbox = (
      await t.app.inject({
        method: "GET",
        url: "/api/notifications",
        headers: { cookie: cookies.get(seller().account.address) ?? "" },
      })
    ).json() as { items: { kind: string }[] };
    expect(inbox.items.map((item) => item.kind)).toContain("listing_filled");
  });

  it("drops a listing whose seller moved its shares elsewhere, and one cancelled on chain once indexed", async () => {
    const moved = await signed(other(), { shares: gold(300n) });
    await approveShares(other());
    expect((await post(other(), moved)).statusCode).toBe(201);
    const cancelled = await signed(seller(), { shares: gold(20n) });
    expect((await post(seller(), cancelled)).statusCode).toBe(201);
    const nonces = async () => (await book()).items.map((item) => item.nonce);
    expect(await nonces()).toEqual(expect.arrayContaining([moved.nonce, cancelled.nonce]));

    await confirm(
      await other().writeContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "safeTransferFrom",
        args: [other().account.address, stranger().account.address, tokenId, gold(200n), "0x"],
      }),
    );
    await cancel(seller(), BigInt(cancelled.nonce));
    // The chain says cancelled at once; the book follows when the index does.
    expect((await orderOf(seller().account.address, cancelled.nonce)).status).toBe("cancelled");
    await indexNow(t);
    const after = await nonces();
    expect(after).not.toContain(moved.nonce);
    expect(after).not.toContain(cancelled.nonce);
    const mine = (
      await t.app.inject({
        method: "GET",
        url: "/api/market/orders/mine",
        headers: { cookie: cookies.get(other().account.address) ?? "" },
      })
    ).json() as { items: MarketOrderView[] };
    expect(mine.items.find((item) => item.nonce === moved.nonce)?.status).toBe("unfunded");
    expect((await orderOf(seller().account.address, cancelled.nonce)).status).toBe("cancelled");
  });

  it("takes a buyer's offer, which the holder accepts in part", async () => {
    const offer = await signed(buyer(), { side: "offer", shares: gold(40n), price: 99n * 10n ** 16n });
    const posted = await post(buyer(), offer);
    expect(posted.statusCode, posted.body).toBe(201);
    const offers = await book(`tokenId=${tokenId}&side=offer`);
    expect(offers.items.map((item) => item.nonce)).toContain(offer.nonce);
    await fill(seller(), offer, gold(40n));
    await indexNow(t);
    expect((await orderOf(buyer().account.address, offer.nonce)).status).toBe("filled");
    expect((await book(`tokenId=${tokenId}&side=offer`)).items.map((item) => item.nonce)).not.toContain(
      offer.nonce,
    );
  });

  it("pages the book best price first by keyset", async () => {
    const prices = [97n, 95n, 99n].map((p) => p * 10n ** 16n);
    for (const price of prices)
      expect((await post(seller(), await signed(seller(), { shares: gold(5n), price }))).statusCode).toBe(
        201,
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MarketBook = await book(`tokenId=${tokenId}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((item) => item.price));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(
      [...seen].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)),
    );
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect((await t.app.inject({ method: "GET", url: "/api/market?cursor=bogus" })).statusCode).toBe(400);
  });

  it("undoes a fill a reorg dropped: the fill goes, the order is open again", async () => {
    const listing = await signed(seller(), { shares: gold(10n) });
    expect((await post(seller(), listing)).statusCode).toBe(201);
    await indexNow(t);
    const snapshot = await farm.testClient.snapshot();
    await fill(buyer(), listing, gold(10n));
    await indexNow(t);
    expect((await orderOf(seller().account.address, listing.nonce)).status).toBe("filled");
    await farm.testClient.revert({ id: snapshot });
    await farm.testClient.mine({ blocks: 3 });
    await indexNow(t);
    expect(await orderOf(seller().account.address, listing.nonce)).toMatchObject({
      status: "open",
      filledShares: "0",
    });
    const fills = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from chain_market_fills where signer = ${seller().account.address} and nonce = ${listing.nonce}::numeric`,
    );
    expect(fills).toEqual([]);
  });
});

describe("a deployment without FarmMarket", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("runs with the market off: its routes answer 404 MARKET_OFF and the config says null", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/market" });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error.code).toBe("MARKET_OFF");
    expect((await t.app.inject({ method: "GET", url: "/api/config" })).json().market).toBeNull();
  });
});
