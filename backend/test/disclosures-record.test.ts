import { normaliseBuyerName, ONE_GOLD } from "@farm/core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { buyerIdSql, buyerNameKeySql } from "../src/db/schema/buyer-entity";
import { readBuyerRecord, readPlatformRecord } from "../src/services/disclosures/disclosures";
import { readRepaymentRecord } from "../src/services/disclosures/record";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { farmerA, farmerB, farmerC, farmerD, RECORD_NOW, seedRecordHistory } from "./record-fixture";

const gold = (n: number) => (BigInt(n) * ONE_GOLD).toString();

/** TKB90/TWP90 and the counts on a history computed by hand (record-fixture.ts), on PGlite and PostgreSQL. */
describe.each(testBackends)("repayment record on $name", ({ kind }) => {
  let t: TestApp;
  const buyerOf = async (tokenId: number) => {
    const [row] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select ${buyerIdSql} as id from invoices where token_id = ${tokenId}`,
    );
    return row?.id ?? "";
  };
  beforeAll(async () => {
    t = await startTestApp({ kind });
    await seedRecordHistory(t.app.db);
  });
  afterAll(() => t.close());

  it("measures the platform: defaults and settled losses outstanding, exactly 90 days not yet in TWP90", async () => {
    const platform = await readPlatformRecord(t.app.db, RECORD_NOW);
    // Outstanding: 300 (in grace) + 800 (defaulted, 90 days) + 400 (defaulted, 91 days) + 2,000 (current) + 300
    // (settled 200 days past maturity, 300 never recovered: within the 365-day window, decision 0070).
    expect(platform.record).toMatchObject({
      standing: "measured",
      outstanding: gold(3800),
      outstandingOver90: gold(700),
      twp90Bps: 1843, // 700 / 3,800 = 18.42... %, rounded up
      tkb90Bps: 8157,
      financed: 8,
      current: 1,
      inGrace: 1,
      overdue: 0,
      repaidOnTime: 2,
      repaidLate: 1,
      repaidLateMaxDays: 3,
      repaidLateTotalDays: 3,
      defaulted: 3,
      settled: 1,
      defaultedPrincipal: gold(2400),
      recoveredPrincipal: gold(900),
      recoveredFee: "0",
      lostPrincipal: gold(300),
      asOf: RECORD_NOW.toISOString(),
    });
    // Total funded is the principal of the eight funded invoices (the index here has no investment rows: no lenders).
    expect(platform).toMatchObject({ borrowers: 3, lenders: 0, totalFunded: gold(6400) });
  });

  it("moves the 90-day invoice into TWP90 one second later", async () => {
    const later = await readRepaymentRecord(
      t.app.db,
      { kind: "platform" },
      new Date(RECORD_NOW.getTime() + 1000),
    );
    expect(later).toMatchObject({ outstandingOver90: gold(1500), twp90Bps: 3948, tkb90Bps: 6052 });
  });

  it("gives each farmer its own record: late days, in grace, defaults and recoveries", async () => {
    expect(
      await readRepaymentRecord(t.app.db, { kind: "farmer", farmer: farmerA }, RECORD_NOW),
    ).toMatchObject({
      standing: "measured",
      tkb90Bps: 10_000,
      twp90Bps: 0,
      outstanding: gold(2300),
      repaidOnTime: 1,
      repaidLate: 1,
      repaidLateMaxDays: 3,
      inGrace: 1,
      current: 1,
      defaulted: 0,
    });
    expect(
      await readRepaymentRecord(t.app.db, { kind: "farmer", farmer: farmerB }, RECORD_NOW),
    ).toMatchObject({
      standing: "measured",
      outstanding: gold(1500),
      twp90Bps: 4667, // (400 + 300 settled and lost) / 1,500, rounded up
      tkb90Bps: 5333,
      defaulted: 3,
      settled: 1,
      recoveredPrincipal: gold(900),
      lostPrincipal: gold(300),
    });
  });

  it("says no record yet for a new farmer and nothing outstanding once all is repaid, never 100 %", async () => {
    expect(
      await readRepaymentRecord(t.app.db, { kind: "farmer", farmer: farmerC }, RECORD_NOW),
    ).toMatchObject({
      standing: "noRecord",
      tkb90Bps: null,
      twp90Bps: null,
      financed: 0,
    });
    expect(
      await readRepaymentRecord(t.app.db, { kind: "farmer", farmer: farmerD }, RECORD_NOW),
    ).toMatchObject({
      standing: "nothingOutstanding",
      tkb90Bps: null,
      repaidOnTime: 1,
    });
  });

  it("recognises one buyer across farmers by its name and confirmed company domain", async () => {
    const sumber = await buyerOf(1);
    expect(await buyerOf(4)).toBe(sumber);
    const record = await readBuyerRecord(t.app.db, sumber, RECORD_NOW);
    expect(record).toMatchObject({ verifiedDomain: "sumber.co.id", farmers: 2 });
    expect(record.record).toMatchObject({
      financed: 2,
      repaidOnTime: 1,
      defaulted: 1,
      outstanding: gold(800),
    });
    // Unconfirmed, the same name stays within its farmer: it may be anyone who typed that name.
    expect(await buyerOf(5)).not.toBe(sumber);
    expect(await buyerOf(7)).not.toBe(sumber);
    expect(await buyerOf(7)).not.toBe(await buyerOf(5));
    // A free-mail domain proves nothing about the company: "Maju" at two farmers stays two buyers.
    expect(await buyerOf(2)).toBe(await buyerOf(3));
    expect(await buyerOf(6)).not.toBe(await buyerOf(2));
    expect((await readBuyerRecord(t.app.db, await buyerOf(2), RECORD_NOW)).verifiedDomain).toBeNull();
  });

  it("normalises a buyer's name in SQL as core's reference hash does", async () => {
    const names = [
      "PT. Sumber Rejeki, Tbk",
      "P.T. Sumber Rejeki",
      "Sumber  Rejeki (Persero)",
      "CV Maju",
      "Maju, C.V.",
      "UD Tani-Jaya 2",
      "Toko Baru Jaya",
    ];
    for (const name of names) {
      const [row] = await queryRows<{ key: string }>(
        t.app.db,
        sql`select ${buyerNameKeySql} as key from (select ${name}::text as buyer_name) v`,
      );
      expect([name, row?.key]).toEqual([name, normaliseBuyerName(name)]);
    }
  });

  it("says no record yet for a buyer whose only invoice is not funded", async () => {
    const record = await readBuyerRecord(t.app.db, await buyerOf(8), RECORD_NOW);
    expect(record).toMatchObject({ name: "Toko Baru Jaya", farmers: 1 });
    expect(record.record.standing).toBe("noRecord");
  });

  it("answers the records over HTTP and refuses bad ids with 4xx", async () => {
    const platform = await t.app.inject({ method: "GET", url: "/api/record" });
    expect(platform.statusCode).toBe(200);
    expect(platform.json().record.financed).toBe(8);
    const farmer = await t.app.inject({
      method: "GET",
      url: `/api/records/farmers/${farmerA.toLowerCase()}`,
    });
    expect(farmer.json()).toMatchObject({ financed: 4, repaidLate: 1 });
    const newFarmer = await t.app.inject({ method: "GET", url: `/api/records/farmers/${farmerC}` });
    expect(newFarmer.json()).toMatchObject({ standing: "noRecord" });
    const badAddress = await t.app.inject({ method: "GET", url: "/api/records/farmers/0x12" });
    expect(badAddress.statusCode).toBe(400);
    const badBuyer = await t.app.inject({ method: "GET", url: "/api/records/buyers/not-an-id" });
    expect(badBuyer.statusCode).toBe(400);
    const unknownBuyer = await t.app.inject({ method: "GET", url: `/api/records/buyers/${"0".repeat(32)}` });
    expect(unknownBuyer.statusCode).toBe(404);
    const disclosure = await t.app.inject({ method: "GET", url: "/api/invoices/8/disclosure" });
    expect(disclosure.statusCode).toBe(200);
    expect(disclosure.json()).toMatchObject({ farmer: farmerC, buyer: { name: "Toko Baru Jaya" } });
    expect((await t.app.inject({ method: "GET", url: "/api/invoices/999/disclosure" })).statusCode).toBe(404);
  });
});
