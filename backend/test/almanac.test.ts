import { randomBytes } from "node:crypto";
import { type AlmanacResponse, type InvoiceStatusName, MS_PER_DAY, ONE_GOLD } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/adapters/db/database";
import {
  chainInvestments,
  chainInvoices,
  chainMarketFills,
  farmers,
  invoices,
} from "../src/db/schema";
import { farmerRow } from "./chain-app";
import { signedInPlayer } from "./game-session";
import { randomAccount, startTestApp, type TestApp, testBackends } from "./helpers";

// GET /api/game/almanac from chain index rows written as the indexer writes them: investments and seed-market
// purchases of invoices whose metadata names the commodity and whose farmer typed the province.

const T0 = Date.UTC(2026, 2, 1);
const day = (n: number) => new Date(T0 + n * MS_PER_DAY);
const hash = () => `0x${randomBytes(32).toString("hex")}`;
let nextToken = 7_001n;

async function seedInvoice(
  db: Database,
  facts: { description: string; province: string; status?: InvoiceStatusName },
): Promise<bigint> {
  const tokenId = nextToken++;
  const wallet = randomAccount().address;
  const [farmer] = await db
    .insert(farmers)
    .values({ ...farmerRow(wallet), province: facts.province })
    .returning({ id: farmers.id });
  const reference = hash();
  await db.insert(chainInvoices).values({
    tokenId,
    farmer: wallet,
    amount: 100n * ONE_GOLD,
    funded: 100n * ONE_GOLD,
    repaid: 0n,
    yieldBps: 1000,
    tenorDays: 30,
    fundingDeadline: day(10),
    fundedAt: day(1),
    maturity: day(31),
    status: facts.status ?? "funded",
    referenceHash: reference,
    recovered: 0n,
    graceDays: 30,
    submittedBlock: 1,
    updatedBlock: 1,
    updatedLogIndex: 0,
  });
  await db.insert(invoices).values({
    tokenId,
    farmerId: farmer!.id,
    farmerAddress: wallet,
    invoiceNumber: `INV-${tokenId}`,
    buyerName: "Toko Sumber",
    description: facts.description,
    dueDate: "2026-06-01",
    referenceHash: reference,
    submissionState: "submitted",
  });
  return tokenId;
}

async function invest(db: Database, investor: string, tokenId: bigint, at: Date) {
  const txHash = hash();
  await db.insert(chainInvestments).values({
    id: `${txHash}:0`,
    tokenId,
    investor,
    amount: 10n * ONE_GOLD,
    blockNumber: 2,
    blockTime: at,
    txHash,
    logIndex: 0,
  });
}

async function buyOnMarket(db: Database, buyer: string, tokenId: bigint, at: Date) {
  const txHash = hash();
  const seller = randomAccount().address;
  await db.insert(chainMarketFills).values({
    id: `${txHash}:1`,
    kind: "listing",
    signer: seller,
    seller,
    buyer,
    tokenId,
    nonce: 1n,
    shares: 5n * ONE_GOLD,
    cost: 5n * ONE_GOLD,
    fee: 0n,
    blockNumber: 3,
    blockTime: at,
    txHash,
    logIndex: 1,
  });
}

describe.each(testBackends)("GET /api/game/almanac on $name", ({ kind }) => {
  let t: TestApp;
  let player: { address: string; cookie: string };
  const get = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/game/almanac", headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await startTestApp({ kind });
    player = await signedInPlayer(t);
    const db = t.app.db;
    const rice = await seedInvoice(db, { description: "Beras medium 5 ton", province: "Prov. Jawa Barat" });
    const coffee = await seedInvoice(db, { description: "Kopi arabika", province: "JAWA BARAT" });
    const cocoa = await seedInvoice(db, { description: "Kakao fermentasi", province: "Maluku" });
    const chili = await seedInvoice(db, { description: "Cabai rawit", province: "Malut" });
    const tobacco = await seedInvoice(db, { description: "Tembakau", province: "Kuala Lumpur" });
    const cancelled = await seedInvoice(db, {
      description: "Mangga",
      province: "Bali",
      status: "cancelled",
    });
    const others = await seedInvoice(db, { description: "Jagung", province: "Papua" });
    await invest(db, player.address, rice, day(2));
    await invest(db, player.address, rice, day(1)); // a second planting of the same invoice: counted once, earliest
    await invest(db, player.address, coffee, day(3));
    await buyOnMarket(db, player.address, cocoa, day(4));
    await invest(db, player.address, chili, day(5));
    await invest(db, player.address, tobacco, day(6));
    await invest(db, player.address, cancelled, day(7));
    // Another wallet's funding and a sale by the player are not the player's collection.
    await invest(db, randomAccount().address, others, day(8));
    await db.insert(chainMarketFills).values({
        id: `${hash()}:2`,
        kind: "offer",
        signer: randomAccount().address,
        seller: player.address,
        buyer: randomAccount().address,
        tokenId: others,
        nonce: 2n,
        shares: ONE_GOLD,
        cost: ONE_GOLD,
        fee: 0n,
        blockNumber: 4,
        blockTime: day(9),
        txHash: hash(),
        logIndex: 2,
      });
  });
  afterAll(() => t.close());

  it("lists what the player funded by commodity and by island group, with first dates and no amounts", async () => {
    const reply = await get(player.cookie);
    expect(reply.statusCode).toBe(200);
    const almanac = reply.json<AlmanacResponse>();
    const funded = almanac.commodities.filter((c) => c.funded > 0);
    expect(funded).toEqual([
      { commodity: "rice", funded: 1, firstFundedAt: day(1).toISOString() },
      { commodity: "coffee", funded: 1, firstFundedAt: day(3).toISOString() },
      { commodity: "cocoa", funded: 1, firstFundedAt: day(4).toISOString() },
      { commodity: "chili", funded: 1, firstFundedAt: day(5).toISOString() },
    ]);
    expect(almanac.commodities).toHaveLength(8);
    const provinces = almanac.islands.flatMap((island) =>
      island.provinces.filter((p) => p.funded > 0).map((p) => [island.island, p.province, p.funded]),
    );
    expect(provinces).toEqual([
      ["java", "jawa-barat", 2],
      ["maluku", "maluku", 1],
      ["maluku", "maluku-utara", 1],
    ]);
    expect(almanac.unplaced).toEqual({ commodity: 1, provinces: [{ name: "kuala lumpur", funded: 1 }] });
    expect(JSON.stringify(almanac)).not.toMatch(/amount|shares|cost|0x/i);
  });

  it("gives badges with their progress: Maluku complete, two island groups, three of five provinces", async () => {
    const almanac = (await get(player.cookie)).json<AlmanacResponse>();
    const byId = Object.fromEntries(almanac.badges.map((b) => [b.id, b]));
    expect(byId["island-maluku"]).toEqual({ id: "island-maluku", progress: 2, target: 2, earned: true });
    expect(byId["every-island"]).toMatchObject({ progress: 2, target: 7, earned: false });
    expect(byId["every-commodity"]).toMatchObject({ progress: 4, target: 8, earned: false });
    expect(byId["provinces-5"]).toMatchObject({ progress: 3, target: 5, earned: false });
    expect(byId["island-java"]).toMatchObject({ progress: 1, target: 6, earned: false });
  });

  it("answers an empty almanac to a wallet that funded nothing", async () => {
    const fresh = await signedInPlayer(t);
    const almanac = (await get(fresh.cookie)).json<AlmanacResponse>();
    expect(almanac.commodities.every((c) => c.funded === 0 && c.firstFundedAt === null)).toBe(true);
    expect(almanac.badges.some((b) => b.earned || b.progress > 0)).toBe(false);
    expect(almanac.unplaced).toEqual({ commodity: 0, provinces: [] });
  });

  it("answers 401 without a session", async () => {
    const reply = await get();
    expect(reply.statusCode).toBe(401);
    expect(reply.json().error.code).toBe("UNAUTHENTICATED");
  });
});
