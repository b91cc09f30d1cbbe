import { ONE_GOLD, tradeCost } from "@farm/core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainHookRegistry } from "../src/chain/hooks/registry";
import { refreshMarketOrders } from "../src/chain/indexer/market";
import { rollbackAfter } from "../src/chain/indexer/rollback";
import {
  chainCredentials,
  chainInvoices,
  chainMarketCancels,
  chainMarketFills,
  chainPositions,
  marketOrders,
} from "../src/db/schema";
import { readMarketBook, readMyOrders, readOrder } from "../src/services/market/book";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { fundedInvoiceRow, openCredentialRow } from "./market-fixture";

const seller = "0x00000000000000000000000000000000000000A1";
const buyer = "0x00000000000000000000000000000000000000B2";
const farmer = "0x00000000000000000000000000000000000000C3";
/** The credential story's own seller and buyer, trading invoice 2 only. */
const holder = "0x00000000000000000000000000000000000000D4";
const bidder = "0x00000000000000000000000000000000000000E5";
const price = 98n * 10n ** 16n;

/**
 * The book's rules on the index alone (no chain): what a fill, a cancel, a seller's moved shares and a reorg do to an
 * order and to the book, on both databases.
 */
describe.each(testBackends)("the market's book on $name", ({ kind }) => {
  let t: TestApp;
  const now = new Date("2027-03-01T00:00:00Z");
  const expiry = BigInt(Math.floor(now.getTime() / 1000) + 7 * 86_400);

  beforeAll(async () => {
    t = await startTestApp({ kind });
    const db = t.app.db;
    await db.insert(chainInvoices).values(fundedInvoiceRow(1n, farmer, now));
    await db.insert(chainPositions).values({ tokenId: 1n, holder: seller, shares: 100n * ONE_GOLD });
    await db.insert(chainCredentials).values(openCredentialRow(buyer));
    const order = { tokenId: 1n, price, expiry, signature: `0x${"1b".repeat(65)}` };
    await db.insert(marketOrders).values([
      { ...order, signer: seller, nonce: 1n, side: "listing", shares: 60n * ONE_GOLD },
      { ...order, signer: buyer, nonce: 2n, side: "offer", shares: 10n * ONE_GOLD, price: 99n * 10n ** 16n },
    ]);
  });
  afterAll(() => t?.close());

  const book = (side: "listing" | "offer", tokenId = "1") =>
    readMarketBook(t.app.db, { side, tokenId, limit: 20 }, now).then((page) => page.items);

  it("serves a live listing with what judges its price", async () => {
    const [entry] = await book("listing");
    expect(entry).toMatchObject({
      signer: seller,
      nonce: "1",
      status: "open",
      remaining: (60n * ONE_GOLD).toString(),
      faceValue: (60n * ONE_GOLD).toString(),
      cost: tradeCost(60n * ONE_GOLD, price).toString(),
      discountBps: 200,
      daysToMaturity: 20,
      impliedYieldBps: 408,
      invoice: { farmer, overdue: false, defaulted: false, state: { name: "funded" } },
    });
    expect((await book("offer")).map((item) => item.nonce)).toEqual(["2"]);
  });

  it("follows fills and cancels, drops a listing whose seller moved its shares, and undoes it all in a reorg", async () => {
    const db = t.app.db;
    const at = { blockTime: now, logIndex: 0 };
    await db.insert(chainMarketFills).values({
      id: "0xf1:0",
      kind: "listing",
      signer: seller,
      seller,
      buyer,
      tokenId: 1n,
      nonce: 1n,
      shares: 20n * ONE_GOLD,
      cost: tradeCost(20n * ONE_GOLD, price),
      fee: 0n,
      blockNumber: 10,
      txHash: "0xf1",
      ...at,
    });
    await db
      .insert(chainMarketCancels)
      .values({ id: "0xc1:0", signer: buyer, nonce: 2n, blockNumber: 11, blockTime: now, txHash: "0xc1" });
    await refreshMarketOrders(db, [
      { signer: seller, nonce: 1n },
      { signer: buyer, nonce: 2n },
    ]);
    const [listing] = await book("listing");
    expect(listing).toMatchObject({
      filledShares: (20n * ONE_GOLD).toString(),
      remaining: (40n * ONE_GOLD).toString(),
    });
    expect(await book("offer")).toEqual([]);

    // The seller moved shares elsewhere: 30 held, 40 left to sell.
    await db.execute(
      sql`update chain_positions set shares = ${(30n * ONE_GOLD).toString()}::numeric where holder = ${seller}`,
    );
    expect(await book("listing")).toEqual([]);
    expect((await readMyOrders(db, seller, now))[0]?.status).toBe("unfunded");
    expect((await readMyOrders(db, buyer, now))[0]).toMatchObject({ status: "cancelled", remaining: "0" });
    await db.execute(
      sql`update chain_positions set shares = ${(100n * ONE_GOLD).toString()}::numeric where holder = ${seller}`,
    );

    // A reorg back to block 9 drops the fill and the cancel: both orders are open again, untouched.
    await db.transaction((tx) => rollbackAfter(tx, 31337, 9, new ChainHookRegistry()));
    expect((await book("listing"))[0]).toMatchObject({
      filledShares: "0",
      remaining: (60n * ONE_GOLD).toString(),
    });
    expect((await book("offer")).map((item) => item.nonce)).toEqual(["2"]);

    // Past its expiry an order leaves the book and says expired.
    const later = new Date(Number(expiry) * 1000 + 1000);
    expect((await readMarketBook(db, { side: "listing", tokenId: "1", limit: 20 }, later)).items).toEqual([]);
    expect((await readMyOrders(db, seller, later))[0]?.status).toBe("expired");
  });

  it("leaves out a frozen wallet's orders and an offer of a lapsed or revoked credential, and tells their signer", async () => {
    const db = t.app.db;
    // Its own invoice (2), seller and buyer, so the other tests' books stay as they were.
    await db.insert(chainInvoices).values(fundedInvoiceRow(2n, farmer, now));
    await db.insert(chainPositions).values({ tokenId: 2n, holder, shares: 100n * ONE_GOLD });
    await db.insert(chainCredentials).values([openCredentialRow(holder), openCredentialRow(bidder)]);
    const terms = { tokenId: 2n, price, expiry, signature: `0x${"1b".repeat(65)}` };
    await db.insert(marketOrders).values([
      { ...terms, signer: holder, nonce: 3n, side: "listing", shares: 50n * ONE_GOLD },
      { ...terms, signer: bidder, nonce: 4n, side: "offer", shares: 10n * ONE_GOLD },
    ]);
    const credential = (wallet: string, set: { frozen?: boolean; tier?: number; validUntil?: number }) =>
      db.update(chainCredentials).set(set).where(eq(chainCredentials.wallet, wallet));
    const served = async () => [
      ...(await book("listing", "2")).map((item) => item.nonce),
      ...(await book("offer", "2")).map((item) => item.nonce),
    ];
    const statuses = async () => [
      (await readMyOrders(db, holder, now))[0]?.status,
      (await readOrder(db, bidder, 4n, now))?.status,
    ];
    expect(await served()).toEqual(["3", "4"]);
    expect(await statuses()).toEqual(["open", "open"]);

    // FarmNFT moves no shares out of a frozen wallet, nor into one: neither order can fill.
    await credential(holder, { frozen: true });
    await credential(bidder, { frozen: true });
    expect(await served()).toEqual([]);
    expect(await statuses()).toEqual(["frozen", "frozen"]);

    // A lapsed credential still sends shares (a listing fills) but no longer receives them (an offer cannot).
    const lapsed = Math.floor(now.getTime() / 1000) - 1;
    await credential(holder, { frozen: false, validUntil: lapsed });
    await credential(bidder, { frozen: false, validUntil: lapsed });
    expect(await served()).toEqual(["3"]);
    expect(await statuses()).toEqual(["open", "unverified"]);
    // Revoked: tier 0.
    await credential(bidder, { tier: 0, validUntil: 0 });
    expect(await statuses()).toEqual(["open", "unverified"]);

    await credential(holder, openCredentialRow(holder));
    await credential(bidder, openCredentialRow(bidder));
    expect(await served()).toEqual(["3", "4"]);
  });
});
