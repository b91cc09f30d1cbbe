import { randomBytes } from "node:crypto";
import { type AlmanacResponse, type InvoiceStatusName, MS_PER_DAY, ONE_GOLD } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/adapters/db/database";
import { chainInvestments, chainMarketFills, farmers, invoices } from "../src/db/schema";
import { farmerRow } from "./chain-app";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { randomAccount, startTestApp, type TestApp, testBackends } from "./helpers";

// GET /api/game/almanac from chain index rows written as the indexer writes them: investments and seed-market
// purchases of invoices whose metadata names the commodity and whose farmer typed the province.

const T0 = new Date(Date.UTC(2026, 2, 1));
const day = (n: number) => new Date(T0.getTime() + n * MS_PER_DAY);
const hash = () => `0x${randomBytes(32).toString("hex")}`;

/**
 * An invoice funded by `investor` on `fundedDay` (seedCrop's chain rows), with its metadata naming the commodity and
 * its farmer's registration the province as typed.
 */
async function seedInvoice(
  db: Database,
  facts: {
    investor: string;
    fundedDay: number;
    description: string;
    province: string;
    status?: InvoiceStatusName;
  },
): Promise<bigint> {
  const now = day(facts.fundedDay);
  const { tokenId } = await seedCrop(
    db,
    { holder: facts.investor, fundedDaysAgo: 0, status: facts.status },
    now,
  );
  const wallet = randomAccount().address;
  const [farmer] = await db
    .insert(farmers)
    .values({ ...farmerRow(wallet), province: facts.province })
    .returning({ id: farmers.id });
  await db.insert(invoices).values({
    tokenId,
    farmerId: farmer!.id,
    farmerAddress: wallet,
    invoiceNumber: `INV-${tokenId}`,
    buyerName: "Toko Sumber",
    description: facts.description,
    dueDate: "2026-06-01",
    referenceHash: hash(),
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

async function buyOnMarket(db: Database, who: { buyer: string; seller: string }, tokenId: bigint, at: Date) {
  const txHash = hash();
  await db.insert(chainMarketFills).values({
    id: `${txHash}:1`,
    kind: "listing",
    signer: who.seller,
    ...who,
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
    const me = player.address;
    const seller = randomAccount().address;
    const invoice = (fundedDay: number, description: string, province: string, investor = me) =>
      seedInvoice(db, { investor, fundedDay, description, province });
    const rice = await invoice(2, "Beras medium 5 ton", "Prov. Jawa Barat");
    await invest(db, me, rice, day(1)); // a second planting of the same invoice: counted once, at the earliest
    await invoice(3, "Kopi arabika", "JAWA BARAT");
    // Cocoa bought on the seed market from the wallet that invested.
    await buyOnMarket(
      db,
      { buyer: me, seller },
      await invoice(0, "Kakao fermentasi", "Maluku", seller),
      day(4),
    );
    await invoice(5, "Cabai rawit", "Malut");
    await invoice(6, "Tembakau", "Kuala Lumpur");
    await seedInvoice(db, {
      investor: me,
      fundedDay: 7,
      description: "Mangga",
      province: "Bali",
      status: "cancelled",
    });
    // Another wallet's funding, and a sale by the player, are not the player's collection.
    const sold = await invoice(8, "Jagung", "Papua", seller);
    await buyOnMarket(db, { buyer: randomAccount().address, seller: me }, sold, day(9));
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
