import { type InvoiceStateDto, ONE_GOLD } from "@farm/core";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { invoice7, repayReads } from "../test-support/repay-reads";
import { RepayInvoice } from "./RepayInvoice";

afterEach(cleanup);

const defaultableFrom = "2027-01-04T08:00:00.000Z";
const state = (name: InvoiceStateDto["name"]): InvoiceStateDto => ({
  name,
  farmerAction: "repay",
  adminAction: null,
  defaultableFrom: name === "overdue" ? defaultableFrom : null,
  settleableFrom: null,
});
// Invoice #7: 3,000 principal, 8 % for 30 days (240 fee, 8 GOLD a day on the whole principal).
const gold = (units: bigint) => units * ONE_GOLD;
const text = (testId: string) => screen.getByTestId(testId).textContent ?? "";

describe("the repay box of an overdue invoice", () => {
  it("says what the amount due is made of, what a day adds and from when a default may be declared", () => {
    // Five days late with nothing repaid: 3,240 + 5 x 8.
    renderWithWallet(
      <RepayInvoice tokenId="7" invoice={{ state: state("overdue") }} />,
      repayReads(gold(5_000n), gold(3_280n)),
      "id",
    );
    expect(text("due-7")).toContain("3.280 GOLD");
    expect(screen.getByTestId("due-principal-fee-7").getAttribute("data-base-units")).toBe(
      gold(3_240n).toString(),
    );
    expect(text("due-breakdown-7")).toContain("Pokok dan biaya belum dibayar3.240 GOLD");
    expect(text("due-breakdown-7")).toContain("Denda keterlambatan sejauh ini40 GOLD");
    expect(text("due-breakdown-7")).toContain("Setiap hari berikutnya menambah8 GOLD");
    expect(text("defaultable-from-7")).toMatch(/^Dapat dinyatakan gagal bayar mulai 4 Jan 2027/);
  });

  it("counts a day's late fee on what is still overdue once part is paid, in English", () => {
    // 1,000 repaid before maturity, then 5 days late on 2,240: 5 x 5.9733… = 29.8666… GOLD.
    const late = (5n * gold(2_240n) * 800n) / 300_000n;
    renderWithWallet(
      <RepayInvoice tokenId="7" invoice={{ state: state("overdue") }} />,
      repayReads(gold(5_000n), gold(2_240n) + late, { ...invoice7, repaid: gold(1_000n) }),
      "en",
    );
    expect(screen.getByTestId("due-late-fee-7").getAttribute("data-base-units")).toBe(late.toString());
    expect(text("due-late-fee-7")).toContain("29.8666 GOLD");
    expect(text("late-fee-per-day-7")).toContain("5.9733 GOLD");
    expect(text("defaultable-from-7")).toMatch(/^May be declared in default from Jan 4, 2027/);
  });

  it("names a defaulted invoice's late fee as fixed, with no daily growth; a funded one shows none", () => {
    renderWithWallet(
      <RepayInvoice tokenId="7" invoice={{ state: state("defaulted") }} />,
      repayReads(gold(5_000n), gold(3_280n)),
      "en",
    );
    expect(text("due-breakdown-7")).toContain("Late fee fixed at the default40 GOLD");
    expect(screen.queryByTestId("late-fee-per-day-7")).toBeNull();
    expect(screen.queryByTestId("defaultable-from-7")).toBeNull();
    cleanup();
    renderWithWallet(
      <RepayInvoice tokenId="7" invoice={{ state: state("funded") }} />,
      repayReads(gold(5_000n), gold(3_240n)),
      "en",
    );
    expect(screen.queryByTestId("due-breakdown-7")).toBeNull();
  });
});
