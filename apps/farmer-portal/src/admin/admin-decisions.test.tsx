import { type DefaultedInvoice, type Invoice, type InvoiceDecision, ONE_GOLD } from "@farm/core";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { DefaultedInvoiceRow } from "./DefaultedInvoices";
import { InvoiceDecisionHistory, invoiceDecisionsKey } from "./InvoiceDecisionHistory";
import { OpenInvoiceRow } from "./OpenInvoices";
import { OverdueInvoiceRow } from "./OverdueInvoices";
import { PendingInvoiceRow } from "./PendingInvoiceRow";

afterEach(cleanup);

const farmer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const admin = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const gold = (whole: bigint) => whole * ONE_GOLD;
const noop = () => Promise.resolve();

const pending = {
  tokenId: 4n,
  farmer,
  amount: gold(1500n),
  yieldBps: 800,
  tenorDays: 60,
  fundingDeadline: 1_800_000_000n,
};

describe("approval offered only while it can succeed", () => {
  it("shows no approve button for an invoice whose funding window has closed, and says why", () => {
    renderWithWallet(
      <PendingInvoiceRow invoice={pending} metadata={undefined} blocker="fundingClosed" onDecided={noop} />,
    );
    expect(screen.queryByTestId("approve-invoice-4")).toBeNull();
    expect(screen.getByTestId("approval-blocked-4").textContent).toContain("its funding window has closed");
    // Rejecting stays possible: the admin can still close the invoice.
    expect(screen.getByTestId("reject-invoice-4")).toBeTruthy();
  });

  it("offers approval while the contract would accept it", () => {
    renderWithWallet(
      <PendingInvoiceRow invoice={pending} metadata={undefined} blocker={null} onDecided={noop} />,
    );
    expect(screen.getByTestId("approve-invoice-4")).toBeTruthy();
    expect(screen.queryByTestId("approval-blocked-4")).toBeNull();
  });
});

const overdue = {
  tokenId: "7",
  amount: gold(1200n).toString(),
  repaid: gold(100n).toString(),
  maturity: "2026-03-01T00:00:00.000Z",
  graceDays: 30,
  metadata: { invoiceNumber: "INV-DEF-7" },
} as unknown as Invoice;

describe("mark defaulted asks first", () => {
  it("asks for a confirmation naming the invoice and a required reason before any transaction", () => {
    renderWithWallet(<OverdueInvoiceRow invoice={overdue} onDone={noop} />);
    fireEvent.click(screen.getByTestId("mark-defaulted-7"));
    const row = screen.getByTestId("overdue-7");
    expect(row.textContent).toContain(
      "Declare invoice #7 INV-DEF-7 (1,200 GOLD, 100 GOLD repaid) in default?",
    );
    fireEvent.click(screen.getByTestId("confirm-default-7"));
    expect(row.textContent).toContain("Please write a reason of at least 3 characters.");
    // Nothing was sent: no transaction in progress.
    expect(screen.queryByTestId("tx-progress")).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Cancel" }));
    expect(screen.getByTestId("mark-defaulted-7")).toBeTruthy();
  });
});

describe("the overdue list's maturity date", () => {
  // Midday UTC: the same calendar day in every time zone the test may run in.
  const maturing = { ...overdue, maturity: "2026-03-15T12:00:00.000Z" } as Invoice;

  it("reads the page's language, never the ISO date", () => {
    renderWithWallet(<OverdueInvoiceRow invoice={maturing} onDone={noop} />, [], "en");
    const english = screen.getByTestId("overdue-7").textContent ?? "";
    expect(english).toContain("matured Mar 15, 2026");
    expect(english).not.toContain("2026-03-15");
    cleanup();
    renderWithWallet(<OverdueInvoiceRow invoice={maturing} onDone={noop} />, [], "id");
    const indonesian = screen.getByTestId("overdue-7").textContent ?? "";
    expect(indonesian).toContain("jatuh tempo 15 Mar 2026");
    expect(indonesian).not.toContain("2026-03-15");
  });
});

const defaulted: DefaultedInvoice = {
  tokenId: "2",
  invoiceNumber: "INV-2",
  farmer,
  amount: gold(3000n).toString(),
  yieldBps: 800,
  maturity: "2026-03-01T00:00:00.000Z",
  repaid: gold(3240n).toString(),
  repaidAtDefault: "0",
  repaidSinceDefault: gold(3240n).toString(),
  settleableAt: "2026-04-01T12:00:00.000Z",
};
const windowEnds = Date.parse("2026-04-01T12:00:00.000Z");

describe("a defaulted invoice can be settled", () => {
  it("lists what was repaid since the default and asks first, naming the invoice, the amounts and a reason", () => {
    renderWithWallet(<DefaultedInvoiceRow invoice={defaulted} onDone={noop} chainNowMs={windowEnds} />);
    const row = screen.getByTestId("defaulted-2");
    expect(screen.getByTestId("repaid-since-2").textContent).toContain("3,240 GOLD");
    fireEvent.click(screen.getByTestId("settle-default-2"));
    expect(row.textContent).toContain(
      "Settle the default of invoice #2 INV-2 (3,000 GOLD)? The holders share 3,000 GOLD of principal and 240 GOLD of fee recovered; 0 GOLD of reserved yield returns to the vault.",
    );
    fireEvent.click(screen.getByTestId("confirm-settle-2"));
    expect(row.textContent).toContain("Please write a reason of at least 3 characters.");
    expect(screen.queryByTestId("tx-progress")).toBeNull();
  });
});

describe("settlement waits for the recovery window on the chain's clock", () => {
  it("says from when it can be settled and offers no settle button before then, in both languages", () => {
    renderWithWallet(
      <DefaultedInvoiceRow invoice={defaulted} onDone={noop} chainNowMs={windowEnds - 1000} />,
    );
    expect(screen.queryByTestId("settle-default-2")).toBeNull();
    expect(screen.getByTestId("settleable-2").textContent).toContain("Settlement possible from");
    cleanup();
    renderWithWallet(
      <DefaultedInvoiceRow invoice={defaulted} onDone={noop} chainNowMs={windowEnds - 1000} />,
      [],
      "id",
    );
    expect(screen.getByTestId("settleable-2").textContent).toContain("Dapat diselesaikan mulai");
    cleanup();
    renderWithWallet(<DefaultedInvoiceRow invoice={defaulted} onDone={noop} chainNowMs={windowEnds} />);
    expect(screen.queryByTestId("settleable-2")).toBeNull();
    expect(screen.getByTestId("settle-default-2")).toBeTruthy();
  });
});

describe("an open invoice can be withdrawn", () => {
  const open = {
    tokenId: "5",
    amount: gold(2000n).toString(),
    funded: gold(500n).toString(),
    metadata: { invoiceNumber: "INV-5" },
  } as unknown as Invoice;

  it("asks first, naming the invoice and what is funded, with a required reason, before any transaction", () => {
    renderWithWallet(<OpenInvoiceRow invoice={open} onDone={noop} />);
    const row = screen.getByTestId("open-5");
    expect(row.textContent).toContain("500 of 2,000 GOLD funded");
    fireEvent.click(screen.getByTestId("withdraw-5"));
    expect(row.textContent).toContain("Withdraw invoice #5 INV-5 (500 of 2,000 GOLD funded)?");
    fireEvent.click(screen.getByTestId("confirm-withdraw-5"));
    expect(row.textContent).toContain("Please write a reason of at least 3 characters.");
    expect(screen.queryByTestId("tx-progress")).toBeNull();
    cleanup();
    renderWithWallet(<OpenInvoiceRow invoice={open} onDone={noop} />, [], "id");
    expect(screen.getByTestId("withdraw-5").textContent).toBe("Tarik…");
  });
});

describe("the decision history", () => {
  it("shows each mined decision with who, why, its transaction and the chain's status, never 'not on chain yet'", () => {
    const txHash = `0x${"ab".repeat(32)}`;
    const items: InvoiceDecision[] = [
      {
        tokenId: "2",
        invoiceNumber: "INV-2",
        adminAddress: admin,
        action: "settle",
        reason: "Farmer repaid in full late",
        buyerStatus: "confirmed",
        chainStatus: "settled",
        txHash,
        decidedAt: "2026-06-01T10:00:00.000Z",
      },
      {
        tokenId: "4",
        invoiceNumber: "INV-4",
        adminAddress: admin,
        action: "approve",
        reason: null,
        buyerStatus: "confirmed",
        chainStatus: "pending",
        txHash: null,
        decidedAt: "2026-05-01T10:00:00.000Z",
      },
    ];
    renderWithWallet(<InvoiceDecisionHistory />, [[invoiceDecisionsKey, { items }]]);
    const [settled, legacy] = screen.getAllByTestId("invoice-decision");
    expect(settled?.textContent).toContain("Settled the default of invoice #2 (INV-2)");
    expect(settled?.textContent).toContain("Farmer repaid in full late");
    expect(settled?.textContent).toContain("now settled on chain");
    expect(settled?.textContent).toContain("0xabababab…ababab");
    expect(legacy?.textContent).not.toContain("not on chain yet");
  });
});
