import { ONE_GOLD } from "@farm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousViewer, findInvoice, listInvoices } from "../src/services/invoices/read";
import { startTestApp, type TestApp, testBackends } from "./helpers";
import { farmerA, farmerB, insertIndexedInvoice, RECORD_NOW } from "./record-fixture";

const DAY = 86_400_000;
const at = (days: number) => new Date(RECORD_NOW.getTime() + days * DAY);

/**
 * The shop card's farmer record counts the farmer's late invoices at the chain's clock with the repayment record's
 * rules (grace 30 days here): a farmer whose invoices are past grace, never declared defaulted, is not "new".
 */
describe.each(testBackends)("a shop card's farmer record on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    const invoice = (
      tokenId: number,
      farmer: string,
      status: "approved" | "funded" | "repaid",
      days: number | null,
    ) =>
      insertIndexedInvoice(t.app.db, {
        tokenId,
        farmer,
        amount: 1000n * ONE_GOLD,
        status,
        maturity: days === null ? null : at(days),
        repaid: status === "repaid" ? 1100n * ONE_GOLD : 0n,
      });
    await invoice(1, farmerA, "funded", -40); // past grace
    await invoice(2, farmerA, "funded", -31); // past grace
    await invoice(3, farmerA, "funded", -30); // in grace: exactly 30 days is its last moment
    await invoice(4, farmerA, "funded", 5); // not yet due
    await invoice(5, farmerA, "repaid", -60); // repaid, no repayment row: not on time
    await invoice(6, farmerA, "approved", null); // the seed the shop shows
    await invoice(7, farmerB, "approved", null);
  });
  afterAll(() => t.close());

  it("lists the farmer's in-grace and past-grace invoices with its repaid and defaulted ones", async () => {
    const page = await listInvoices(t.app.db, { farmer: farmerA, limit: 20 }, RECORD_NOW, anonymousViewer);
    expect(page.items.map((item) => item.tokenId)).toEqual(["6", "5", "4", "3", "2", "1"]);
    for (const item of page.items)
      expect(item.farmerRecord).toEqual({ repaid: 1, onTime: 0, defaulted: 0, inGrace: 1, overdue: 2 });
    const card = await findInvoice(t.app.db, 6n, RECORD_NOW, anonymousViewer);
    expect(card?.farmerRecord).toEqual({ repaid: 1, onTime: 0, defaulted: 0, inGrace: 1, overdue: 2 });
  });

  it("moves with the chain's clock: a day later the in-grace invoice is past grace", async () => {
    const card = await findInvoice(t.app.db, 6n, at(1), anonymousViewer);
    expect(card?.farmerRecord).toMatchObject({ inGrace: 0, overdue: 3 });
    const other = await listInvoices(t.app.db, { farmer: farmerB, limit: 20 }, at(1), anonymousViewer);
    expect(other.items[0]?.farmerRecord).toEqual({
      repaid: 0,
      onTime: 0,
      defaulted: 0,
      inGrace: 0,
      overdue: 0,
    });
  });
});
