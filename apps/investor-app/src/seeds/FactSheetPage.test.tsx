import type { Invoice, InvoiceDisclosure } from "@farm/core";
import { ONE_GOLD } from "@farm/core";
import { I18nProvider, type Language } from "@farm/ui";
import { recordFixture, tableRows, testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import FactSheetPage from "./FactSheetPage";

const invoice = {
  tokenId: "7",
  farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  status: "approved",
  state: { name: "open", farmerAction: null, adminAction: null, defaultableFrom: null, settleableFrom: null },
  amount: (1_000n * ONE_GOLD).toString(),
  funded: "0",
  repaid: "0",
  recovered: "0",
  recoveredFee: "0",
  graceDays: null,
  yieldBps: 200,
  annualYieldBps: 811,
  tenorDays: 90,
  fundingDeadline: "2027-01-15T00:00:00.000Z",
  fundedAt: null,
  maturity: null,
  referenceHash: "0x01",
  rejectionReason: null,
  withdrawalReason: null,
  investorCount: 0,
  metadata: {
    invoiceNumber: "INV-7",
    buyerName: "PT Sumber Rejeki",
    description: "Gabah kering",
    dueDate: "2027-04-01",
  },
  evidence: null,
  farmerProfile: { businessName: "Tani Makmur", province: "Jawa Barat", city: "Bandung", crops: ["rice"] },
  farmerRecord: { repaid: 1, onTime: 1, defaulted: 0, inGrace: 0, overdue: 0 },
  updatedBlock: 1,
} as unknown as Invoice;

const disclosure: InvoiceDisclosure = {
  tokenId: "7",
  farmer: invoice.farmer,
  farmerRecord: recordFixture({ standing: "noRecord", tkb90Bps: null, twp90Bps: null, financed: 0 }),
  buyer: {
    buyerId: "0".repeat(32),
    name: "PT Sumber Rejeki",
    verifiedDomain: "sumber.co.id",
    farmers: 2,
    record: recordFixture({ standing: "nothingOutstanding", tkb90Bps: null, twp90Bps: null }),
  },
  platform: recordFixture({
    defaultedPrincipal: (2_400n * ONE_GOLD).toString(),
    recoveredPrincipal: (900n * ONE_GOLD).toString(),
    lostPrincipal: (300n * ONE_GOLD).toString(),
  }),
};

/** The farmer's invoices the timeline draws: two financed and repaid or defaulted, the open one (not financed). */
const financed = (tokenId: string, status: string, fundedAt: string, maturity: string) =>
  ({ ...invoice, tokenId, status, fundedAt, maturity }) as Invoice;
const history = [
  financed("5", "defaulted", "2027-03-01T00:00:00.000Z", "2027-03-31T00:00:00.000Z"),
  financed("3", "repaid", "2027-01-01T00:00:00.000Z", "2027-01-31T00:00:00.000Z"),
  invoice,
];

const investor = { address: "0x00000000000000000000000000000000000000B2", roles: [] };
const market = {
  address: "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9",
  feeBps: 0,
  feeRecipient: null,
} as const;

function renderSheet(
  language: Language = "en",
  { shown = invoice, session = null }: { shown?: Invoice; session?: typeof investor | null } = {},
) {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(session, { contracts: null, devWallet: true, market });
  client.setQueryData(["invoice", "7"], shown);
  client.setQueryData(["invoice-disclosure", "7"], disclosure);
  client.setQueryData(["invoices", "farmer-timeline", invoice.farmer], { items: history, nextCursor: null });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter initialEntries={["/seeds/7"]}>
          <Routes>
            <Route path="seeds/:tokenId" element={<FactSheetPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("FactSheetPage", () => {
  afterEach(cleanup);

  it("tells the farmer, the buyer and the platform's records, never 100 % without a record", () => {
    renderSheet();
    expect(screen.getByTestId("facts-farmer-record").textContent).toContain("No record yet");
    const buyer = screen.getByTestId("facts-buyer").textContent ?? "";
    expect(buyer).toContain("Confirmed from sumber.co.id");
    expect(buyer).toContain("Nothing outstanding");
    expect(screen.getByTestId("facts-platform-record").textContent).toContain("88.57 %");
    expect(screen.getByTestId("facts-platform-recovery").textContent).toBe(
      "On this platform so far: 900 GOLD recovered of 2,400 GOLD defaulted principal; 300 GOLD lost.",
    );
    expect(screen.getByTestId("facts-risk").textContent).toContain(
      "you can lose part or all of the principal",
    );
  });

  it("lists the terms with Rupiah, daily rate and the dates the contract fixes", () => {
    renderSheet("id");
    const terms = screen.getByTestId("facts-terms").textContent ?? "";
    expect(terms).toContain("1.000 GOLD");
    expect(terms).toContain("sekitar Rp16.000.000");
    expect(terms).toContain("0,022 %"); // 2 % over 90 days
    expect(terms).toContain("8,11 %");
    expect(terms).toContain("90 hari setelah terdanai penuh");
    expect(terms).toContain("ditetapkan di rantai saat terdanai");
  });

  it("draws the farmer's record as a timeline, with a table of each financed invoice as its text", () => {
    renderSheet();
    const chart = screen.getByRole("img", { name: /financed invoices over time/ });
    expect([...chart.querySelectorAll("rect")].map((bar) => bar.getAttribute("data-status"))).toEqual([
      "repaid",
      "defaulted",
    ]);
    expect(tableRows(screen.getByTestId("farmer-timeline-table"))).toEqual([
      ["Invoice", "Funded", "Maturity", "Outcome", "Amount (GOLD)"],
      ["#3", "Jan 1, 2027", "Jan 31, 2027", "Repaid", "1,000"],
      ["#5", "Mar 1, 2027", "Mar 31, 2027", "Defaulted", "1,000"],
    ]);
  });

  it("lets a signed-in investor offer for shares of a funded seed, and nobody for one still open", () => {
    const funded = { ...invoice, status: "funded", fundedAt: "2027-01-10T00:00:00.000Z" } as Invoice;
    renderSheet("en", { shown: funded, session: investor });
    expect(screen.getByTestId("seed-offer-toggle").textContent).toBe("Make an offer");
    cleanup();
    renderSheet("en", { shown: funded, session: null });
    expect(screen.queryByTestId("seed-offer")).toBeNull();
    cleanup();
    renderSheet("en", { session: investor });
    expect(screen.queryByTestId("seed-offer")).toBeNull();
  });
});
