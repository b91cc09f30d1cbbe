import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  deriveInvoiceState,
  INVOICE_STATES,
  type Invoice,
  type InvoiceStatusName,
  invoiceStateToJson,
  ONE_GOLD,
} from "@farm/core";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { InvoiceList } from "./InvoiceList";

afterEach(cleanup);

const now = new Date("2026-06-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

/** An invoice as GET /api/invoices sends it, its state derived by @farm/core at `now`. */
function invoiceIn(
  tokenId: number,
  status: InvoiceStatusName,
  dates: { deadline: string; maturity?: string },
): Invoice {
  const maturity = dates.maturity ? at(dates.maturity) : null;
  const state = deriveInvoiceState(
    { status, fundingDeadline: at(dates.deadline), maturity, graceDays: maturity ? 7 : null },
    now,
  );
  return {
    tokenId: String(tokenId),
    farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    status,
    state: invoiceStateToJson(state),
    amount: (1000n * ONE_GOLD).toString(),
    funded: (maturity ? 1000n * ONE_GOLD : 400n * ONE_GOLD).toString(),
    repaid: (status === "repaid" ? 1050n * ONE_GOLD : 0n).toString(),
    recovered: "0",
    recoveredFee: "0",
    graceDays: maturity ? 7 : null,
    yieldBps: 500,
    annualYieldBps: 608,
    tenorDays: 30,
    fundingDeadline: at(dates.deadline).toISOString(),
    fundedAt: maturity ? new Date(maturity.getTime() - 30 * 86_400_000).toISOString() : null,
    maturity: maturity?.toISOString() ?? null,
    referenceHash: `0x${"1".repeat(64)}`,
    rejectionReason: status === "rejected" ? "Buyer unknown" : null,
    withdrawalReason: null,
    investorCount: 1,
    metadata: null,
    farmerProfile: null,
    evidence: {
      invoiceVerified: false,
      deliveryProven: false,
      buyerConfirmedAt: null,
      buyerConfirmedEmailDomain: null,
      buyerConfirmedFreeMail: false,
    },
    farmerRecord: { repaid: 0, onTime: 0, defaulted: 0, inGrace: 0, overdue: 0 },
    updatedBlock: 1,
  };
}

const cases: { invoice: Invoice; words: string; repay: boolean; text?: string }[] = [
  { invoice: invoiceIn(1, "pending", { deadline: "2026-06-10" }), words: "Pending review", repay: false },
  {
    invoice: invoiceIn(2, "rejected", { deadline: "2026-06-10" }),
    words: "Rejected",
    repay: false,
    text: "Buyer unknown",
  },
  {
    invoice: invoiceIn(3, "approved", { deadline: "2026-06-10" }),
    words: "Open for funding",
    repay: false,
    text: "40 %",
  },
  {
    invoice: invoiceIn(4, "approved", { deadline: "2026-05-10" }),
    words: "Funding closed unfilled",
    repay: false,
    text: "nothing is owed",
  },
  { invoice: invoiceIn(5, "cancelled", { deadline: "2026-05-10" }), words: "Cancelled", repay: false },
  {
    invoice: invoiceIn(6, "funded", { deadline: "2026-05-10", maturity: "2026-06-20" }),
    words: "Funded",
    repay: true,
  },
  {
    invoice: invoiceIn(7, "funded", { deadline: "2026-04-10", maturity: "2026-05-20" }),
    words: "Overdue",
    repay: true,
  },
  {
    invoice: invoiceIn(8, "repaid", { deadline: "2026-04-10", maturity: "2026-05-20" }),
    words: "Repaid",
    repay: false,
  },
  {
    invoice: invoiceIn(9, "defaulted", { deadline: "2026-03-10", maturity: "2026-04-10" }),
    words: "Defaulted",
    repay: true,
  },
  {
    invoice: invoiceIn(10, "settled", { deadline: "2026-03-10", maturity: "2026-04-10" }),
    words: "Default settled",
    repay: false,
  },
];

describe("the farmer's invoice list in every invoice state", () => {
  it("covers every state", () => {
    expect(cases.map((c) => c.invoice.state.name).sort()).toEqual([...INVOICE_STATES].sort());
  });

  it("tells each invoice in its state's words, and offers repaying only while something is due", () => {
    renderWithWallet(<InvoiceList invoices={cases.map((c) => c.invoice)} />);
    for (const { invoice, words, repay, text } of cases) {
      const row = screen.getByTestId(`invoice-${invoice.tokenId}`);
      expect(screen.getByTestId(`invoice-state-${invoice.tokenId}`).textContent, words).toBe(words);
      expect(Boolean(row.querySelector(`[data-testid="repay-box-${invoice.tokenId}"]`)), words).toBe(repay);
      if (text) expect(row.textContent).toContain(text);
      // An expired invoice is never shown as open, nor with a funding bar.
      if (invoice.state.name === "expired") expect(row.querySelector("progress")).toBeNull();
    }
  });

  it("colours each badge by the derived state, so an expired invoice is never green like an open one", () => {
    renderWithWallet(<InvoiceList invoices={cases.map((c) => c.invoice)} />);
    for (const { invoice } of cases) {
      const pill = screen.getByTestId(`invoice-state-${invoice.tokenId}`);
      expect(pill.className, invoice.state.name).toBe(`status-pill status-pill--${invoice.state.name}`);
    }
    // The stylesheet gives every state a colour, and expired and overdue the warning one.
    const css = readFileSync(join(import.meta.dirname, "..", "styles.css"), "utf8");
    const rule = (state: string) => {
      const block = css
        .split("}")
        .find(
          (part) => part.includes(`.status-pill--${state},`) || part.includes(`.status-pill--${state} {`),
        );
      return block?.slice(block.indexOf("{"));
    };
    for (const state of INVOICE_STATES) expect(rule(state), state).toBeDefined();
    expect(rule("expired")).toBe(rule("pending"));
    expect(rule("overdue")).toBe(rule("pending"));
    expect(rule("expired")).not.toBe(rule("open"));
  });
});

describe("a settled default in the farmer's list", () => {
  it("says what was paid before settlement and what was left unpaid, never that it was paid off", () => {
    const settled = {
      ...invoiceIn(10, "settled", { deadline: "2026-03-10", maturity: "2026-04-10" }),
      repaid: (500n * ONE_GOLD).toString(),
    };
    renderWithWallet(<InvoiceList invoices={[settled]} />, [], "id");
    const row = screen.getByTestId("invoice-10");
    expect(row.textContent).not.toContain("Dilunasi");
    expect(screen.getByTestId("paid-before-settlement-10").textContent).toContain(
      "Dibayar sebelum penyelesaian: 500 GOLD",
    );
    // 1.000 principal + 50 fee (5 %) - 500 paid.
    const left = screen.getByTestId("left-unpaid-10");
    expect(left.getAttribute("data-base-units")).toBe((550n * ONE_GOLD).toString());
    expect(left.textContent).toContain("Pokok dan biaya yang tidak dibayar: 550 GOLD");
  });
});
