import { ONE_GOLD } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthsUpTo, readPlatformVolume } from "../src/services/disclosures/volume";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { RECORD_NOW, seedRecordHistory } from "./record-fixture";

const gold = (n: number) => (BigInt(n) * ONE_GOLD).toString();

/** The platform's volume by WIB month on the hand-computed history (record-fixture.ts), on PGlite and PostgreSQL. */
describe.each(testBackends)("platform volume on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    await seedRecordHistory(t.app.db);
  });
  afterAll(() => t.close());

  it("sums funding at each invoice's funding and repayments at their blocks, every month of the year present", async () => {
    const volume = await readPlatformVolume(t.app.db, RECORD_NOW);
    expect(volume.asOf).toBe(RECORD_NOW.toISOString());
    expect(volume.months.map((m) => m.month)).toEqual([
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
    ]);
    const moved = Object.fromEntries(volume.months.map((m) => [m.month, [m.funded, m.repaid]]));
    // Funded 30 days before maturity: #6 in October, #5 on 31 January 07:00 WIB, #4 in February, #1 and #2 in March,
    // #3 and #9 in April, #7 in May; repaid: #1 (1 April) and #2 in April, #9 in May. #8 was never funded.
    expect(moved).toMatchObject({
      "2026-09": ["0", "0"],
      "2026-10": [gold(1000), "0"],
      "2027-01": [gold(600), "0"],
      "2027-02": [gold(800), "0"],
      "2027-03": [gold(1500), "0"],
      "2027-04": [gold(500), gold(1650)],
      "2027-05": [gold(2000), gold(110)],
      "2027-06": ["0", "0"],
    });
  });

  it("serves it at GET /api/record/volume", async () => {
    const reply = await t.app.inject({ method: "GET", url: "/api/record/volume" });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().months).toHaveLength(12);
  });
});

describe("monthsUpTo", () => {
  it("counts WIB months: 17:00 UTC on the last day of a month is already the next month in WIB", () => {
    const at = monthsUpTo(new Date("2027-01-31T17:00:00Z"), 3);
    expect(at.months).toEqual(["2026-12", "2027-01", "2027-02"]);
    expect(at.since.toISOString()).toBe("2026-11-30T17:00:00.000Z");
    expect(monthsUpTo(new Date("2027-01-31T16:59:59Z"), 1).months).toEqual(["2027-01"]);
  });
});
