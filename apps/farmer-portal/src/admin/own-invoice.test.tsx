import { type DefaultedInvoice, type Invoice, ONE_GOLD } from "@farm/core";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { DefaultedInvoiceRow } from "./DefaultedInvoices";
import { OpenInvoiceRow } from "./OpenInvoices";
import { OverdueInvoiceRow } from "./OverdueInvoices";
import { PendingInvoiceRow } from "./PendingInvoiceRow";

afterEach(cleanup);

// The admin is the invoices' farmer (FarmNFT refuses it every decision on them: OwnInvoiceDecision, decision 0071);
// the signed-in address may differ in case from the indexed one.
const farmer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const ownAdmin = farmer.toLowerCase();
const otherAdmin = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const gold = (whole: bigint) => (whole * ONE_GOLD).toString();
const noop = () => Promise.resolve();

const pending = {
  tokenId: 4n,
  farmer,
  amount: 1500n * ONE_GOLD,
  yieldBps: 800,
  tenorDays: 60,
  fundingDeadline: 1_800_000_000n,
};
const open = { tokenId: "5", farmer, amount: gold(2000n), funded: gold(500n), metadata: null } as Invoice;
const overdue = {
  tokenId: "7",
  farmer,
  amount: gold(1200n),
  repaid: gold(100n),
  maturity: "2026-03-01T00:00:00.000Z",
  metadata: null,
} as unknown as Invoice;
const defaulted: DefaultedInvoice = {
  tokenId: "2",
  invoiceNumber: "INV-2",
  farmer,
  amount: gold(3000n),
  yieldBps: 800,
  maturity: "2026-03-01T00:00:00.000Z",
  repaid: gold(100n),
  repaidAtDefault: "0",
  repaidSinceDefault: gold(100n),
  settleableAt: "2026-04-01T12:00:00.000Z",
};
// The recovery window is over: only the admin's own invoice keeps the settle button away.
const settleable = Date.parse("2026-05-01T00:00:00.000Z");

/** Each admin row with its decision buttons' test ids, rendered for `admin`. */
const rows = (admin: string) => [
  {
    id: "4",
    buttons: ["approve-invoice-4", "reject-invoice-4"],
    row: (
      <PendingInvoiceRow
        invoice={pending}
        metadata={undefined}
        blocker={null}
        onDecided={noop}
        admin={admin}
      />
    ),
  },
  { id: "5", buttons: ["withdraw-5"], row: <OpenInvoiceRow invoice={open} onDone={noop} admin={admin} /> },
  {
    id: "7",
    buttons: ["mark-defaulted-7"],
    row: <OverdueInvoiceRow invoice={overdue} onDone={noop} admin={admin} />,
  },
  {
    id: "2",
    buttons: ["settle-default-2"],
    row: <DefaultedInvoiceRow invoice={defaulted} onDone={noop} chainNowMs={settleable} admin={admin} />,
  },
];

describe("no decision offered on the admin's own invoice", () => {
  it("shows no approve, reject, withdraw, default or settle button on it, saying another admin decides (en)", () => {
    for (const { id, buttons, row } of rows(ownAdmin)) {
      renderWithWallet(row);
      for (const button of buttons) expect(screen.queryByTestId(button), button).toBeNull();
      expect(screen.getByTestId(`own-invoice-${id}`).textContent).toBe(
        "This is your own invoice: another admin decides on it.",
      );
      cleanup();
    }
  });

  it("says it in the page's language (id)", () => {
    for (const { id, row } of rows(ownAdmin)) {
      renderWithWallet(row, [], "id");
      expect(screen.getByTestId(`own-invoice-${id}`).textContent).toBe(
        "Ini faktur Anda sendiri: admin lain yang memutuskannya.",
      );
      cleanup();
    }
  });

  it("offers every decision on another farmer's invoice", () => {
    for (const { id, buttons, row } of rows(otherAdmin)) {
      renderWithWallet(row);
      for (const button of buttons) expect(screen.getByTestId(button), button).toBeTruthy();
      expect(screen.queryByTestId(`own-invoice-${id}`)).toBeNull();
      cleanup();
    }
  });
});
