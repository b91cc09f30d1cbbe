import { describe, expect, it } from "vitest";
import { repaymentWindow } from "./invoices";

describe("when the farmer repays, against the buyer's due date", () => {
  it("falls due a term after funding: at once at the earliest, at the funding window's end at the latest", () => {
    expect(repaymentWindow({ tenorDays: 30, fundingDays: 14, dueDate: "2026-12-31" }, "2026-11-28")).toEqual({
      earliest: "2026-12-28",
      latest: "2027-01-11",
      beforeBuyerPays: true,
      coveringTenorDays: 33,
    });
  });

  it("is not before the buyer pays once the earliest repayment is on or after the due date", () => {
    const terms = { fundingDays: 14, dueDate: "2027-01-07" };
    expect(repaymentWindow({ ...terms, tenorDays: 40 }, "2026-11-28").beforeBuyerPays).toBe(false);
    expect(repaymentWindow({ ...terms, tenorDays: 39 }, "2026-11-28").beforeBuyerPays).toBe(true);
    expect(repaymentWindow({ ...terms, tenorDays: 39 }, "2026-11-28").coveringTenorDays).toBe(40);
  });
});
