import { ONE_GOLD } from "@farm/core";
import { expectInputReadsAmountTable } from "@farm/ui/amount-input-check";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// The upload, a spy standing in for POST /api/invoices where a test sends (none of the others reach it).
const upload = vi.hoisted(() => ({ submit: vi.fn() }));
vi.mock("./evidence-files", async (importActual) => ({
  ...(await importActual<typeof import("./evidence-files")>()),
  submitInvoiceWithEvidence: upload.submit,
}));

// A worker's files share its modules (isolate: false), and Vitest keeps a file's mocks and what it loaded for the next
// files: the form and what renders it are imported afresh (an earlier file may have loaded it with the real upload),
// and forgotten with the mock afterwards (a later file would get the spy). market-check-step.test.tsx does the same.
let page: Awaited<ReturnType<typeof importPage>>;
async function importPage() {
  vi.resetModules();
  return {
    ...(await import("@farm/ui")),
    ...(await import("../test-support/render-with-wallet")),
    ...(await import("./InvoiceForm")),
  };
}
beforeAll(async () => {
  page = await importPage();
});
afterAll(() => {
  vi.doUnmock("./evidence-files");
  vi.resetModules();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T12:00:00Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const field = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no field #${id}`);
  return element;
};

function fillValidInvoice(amount: string) {
  const values: Record<string, string> = {
    invoiceNumber: "INV-7",
    buyerName: "PT Pasar Induk",
    buyerContact: "0812 3456 7890",
    amount,
    yieldPercent: "6",
    tenorDays: "45",
    fundingDays: "14",
    // 80 days out whenever the test runs: inside the window after a 14-day funding window.
    dueDate: new Date(Date.now() + 80 * 86_400_000).toISOString().slice(0, 10),
  };
  for (const [id, value] of Object.entries(values)) fireEvent.change(field(id), { target: { value } });
  const pdf = new File(["%PDF-1.4 invoice"], "invoice.pdf", { type: "application/pdf" });
  fireEvent.change(field("evidence-invoice"), { target: { files: [pdf] } });
}

describe("invoice form due date", () => {
  it("offers only the days the API takes: after the funding window, within the longest term after it", () => {
    page.renderWithWallet(<page.InvoiceForm />, [], "en");
    fireEvent.change(field("fundingDays"), { target: { value: "14" } });
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    expect(field("dueDate").getAttribute("min")).toBe(day(15));
    expect(field("dueDate").getAttribute("max")).toBe(day(14 + 365));
  });
});

describe("invoice form amounts", () => {
  it("reads 2.500 on an Indonesian page as 2,500 GOLD and asks to check it in words before anything is sent", () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, "send");
    page.renderWithWallet(<page.InvoiceForm />, [], "id");
    expect(
      screen.getByText(
        "Dalam GOLD, contoh 1.500 atau 1.500,50, atau dalam Rupiah dengan kurs di bawah, contoh Rp1.500.000.",
      ),
    ).toBeTruthy();
    fillValidInvoice("2.500");
    fireEvent.click(screen.getByTestId("submit-invoice"));
    expect(screen.getByTestId("gold-check-amount").textContent).toBe("2.500 GOLD");
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(
      (2500n * ONE_GOLD).toString(),
    );
    expect(screen.getByTestId("gold-check-words").textContent).toBe("dua ribu lima ratus GOLD");
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("gold-check-change"));
    expect(screen.queryByTestId("gold-check")).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  for (const language of ["id", "en"] as const) {
    it(`reads every ${language} row of the shared table, or shows its refusal`, () => {
      page.renderWithWallet(<page.InvoiceForm />, [], language);
      fillValidInvoice("1");
      expectInputReadsAmountTable(language, {
        input: () => field("amount"),
        submit: () => screen.getByTestId("submit-invoice"),
        refusalShown: (message) => expect(screen.getByText(message)).toBeTruthy(),
      });
    });
  }
});

describe("the buyer's contact, before submitting", () => {
  const hint = () => document.getElementById("buyerContact-hint")?.textContent ?? "";

  it("says a phone number cannot receive the buyer's link and a free-mail address is weaker, in both languages", () => {
    page.renderWithWallet(<page.InvoiceForm />, [], "en");
    expect(hint()).toContain("e-mails the buyer a confirmation link");
    fireEvent.change(field("buyerContact"), { target: { value: "0812 3456 7890" } });
    expect(hint()).toContain("A phone number cannot receive the buyer's confirmation link");
    fireEvent.change(field("buyerContact"), { target: { value: "budi@gmail.com" } });
    expect(hint()).toContain("gmail.com is a free e-mail provider");
    fireEvent.change(field("buyerContact"), { target: { value: "finance@pt-example.co.id" } });
    expect(hint()).toContain("e-mails the buyer a confirmation link");
    cleanup();
    page.renderWithWallet(<page.InvoiceForm />, [], "id");
    fireEvent.change(field("buyerContact"), { target: { value: "+62 812 3456 7890" } });
    expect(hint()).toContain("Nomor telepon tidak dapat menerima tautan konfirmasi");
  });
});

describe("the fee cap, before sending", () => {
  const terms: [readonly unknown[], unknown] = [
    ["invoices", "terms"],
    { maxDailyFee: 670, minTenorDays: 7, maxTenorDays: 365, minAmount: "1", minFee: "1" },
  ];

  it("says the most the yield may be for the tenor typed and refuses more without sending", () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, "send");
    page.renderWithWallet(<page.InvoiceForm />, [terms], "en");
    fillValidInvoice("2,500");
    // 0.067 % a day x 45 days = 3.015 %, rounded down as FarmNFT does: 3.01 %.
    expect(document.getElementById("yieldPercent-hint")?.textContent).toBe(
      "At most 3.01 % for 45 days: the platform caps what a farmer pays at 0.067 % a day.",
    );
    fireEvent.click(screen.getByTestId("submit-invoice"));
    expect(document.getElementById("yieldPercent-error")?.textContent).toBe(
      "Above the fee cap: for 45 days the yield may be at most 3.01 %. Lower the yield or lengthen the term.",
    );
    expect(screen.queryByTestId("gold-check")).toBeNull();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(field("yieldPercent"), { target: { value: "3.01" } });
    fireEvent.click(screen.getByTestId("submit-invoice"));
    expect(screen.getByTestId("gold-check")).toBeTruthy();
  });

  it("words the cap in Indonesian", () => {
    page.renderWithWallet(<page.InvoiceForm />, [terms], "id");
    fireEvent.change(field("tenorDays"), { target: { value: "90" } });
    expect(document.getElementById("yieldPercent-hint")?.textContent).toBe(
      "Paling banyak 6,03 % untuk 90 hari: platform membatasi biaya petani 0,067 % per hari.",
    );
  });
});

describe("a language switch keeps what the farmer typed", () => {
  const amountAndYield = () => ["amount", "yieldPercent"].map((id) => (field(id) as HTMLInputElement).value);

  it("2.125 GOLD and 2.5 % typed in English, kept after a failed send, are 2,125 and 2,5 in Indonesian", async () => {
    upload.submit.mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ tokenId: 7 });
    page.renderWithWallet(
      <>
        <page.LanguageSwitch />
        <page.InvoiceForm />
      </>,
      [],
      "en",
    );
    fillValidInvoice("2.125");
    fireEvent.change(field("yieldPercent"), { target: { value: "2.5" } });
    fireEvent.click(screen.getByTestId("submit-invoice"));
    await act(async () => {
      fireEvent.click(screen.getByTestId("gold-check-confirm"));
    });
    await waitFor(() => expect(screen.getByTestId("submit-invoice").hasAttribute("disabled")).toBe(false));
    expect(upload.submit).toHaveBeenCalledTimes(1);
    // The send failed: what was typed stays, to send again.
    expect(amountAndYield()).toEqual(["2.125", "2.5"]);
    act(() => {
      fireEvent.change(screen.getByTestId("language-switch"), { target: { value: "id" } });
    });
    expect(amountAndYield()).toEqual(["2,125", "2,5"]);
    fireEvent.click(screen.getByTestId("submit-invoice"));
    expect(screen.getByTestId("gold-check-amount").getAttribute("data-base-units")).toBe(
      ((2125n * ONE_GOLD) / 1000n).toString(),
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId("gold-check-confirm"));
    });
    expect(upload.submit).toHaveBeenCalledTimes(2);
    const [first, second] = upload.submit.mock.calls.map(([request]) => request);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ amount: ((2125n * ONE_GOLD) / 1000n).toString(), yieldBps: 250 });
    // Sent: the form is empty for the next invoice.
    await waitFor(() => expect(amountAndYield()).toEqual(["", ""]));
  });
});

describe("invoice form repayment against the buyer's due date", () => {
  it("warns, without refusing, when repayment may fall due before the buyer pays, and checks fee, total and date", () => {
    page.renderWithWallet(<page.InvoiceForm />, [], "id");
    fillValidInvoice("2.500");
    // Today 25 Nov 2026: a 30-day term funded at once ends on 25 Dec, the buyer pays on 4 Jan.
    fireEvent.change(field("tenorDays"), { target: { value: "30" } });
    fireEvent.change(field("dueDate"), { target: { value: "2027-01-04" } });
    expect(screen.getByTestId("repay-before-buyer").textContent).toBe(
      "Jika investor langsung mendanainya, pelunasan jatuh tempo pada 25 Des 2026, sebelum pembeli Anda membayar " +
        "pada 4 Jan 2027: Anda mungkin harus melunasi sebelum dibayar. Jangka waktu 40 hari akan berakhir pada " +
        "tanggal jatuh tempo pembeli.",
    );
    fireEvent.click(screen.getByTestId("submit-invoice"));
    // Still sendable: the check names the fee, the total and when repayment falls due, and repeats the warning.
    expect(screen.getByTestId("check-fee").getAttribute("data-base-units")).toBe(
      (150n * ONE_GOLD).toString(),
    );
    expect(screen.getByTestId("check-fee").textContent).toContain("150 GOLD");
    expect(screen.getByTestId("check-total").textContent).toContain("2.650 GOLD");
    expect(screen.getByTestId("check-repay-by").textContent).toBe(
      "30 hari setelah terdanai penuh: paling cepat 25 Des 2026, paling lambat 8 Jan 2027",
    );
    expect(screen.getByTestId("gold-check").parentElement?.textContent).toContain(
      "sebelum pembeli Anda membayar",
    );
    fireEvent.click(screen.getByTestId("gold-check-change"));
    // A term that ends on the buyer's due date at the earliest needs no warning.
    fireEvent.change(field("tenorDays"), { target: { value: "40" } });
    expect(screen.queryByTestId("repay-before-buyer")).toBeNull();
  });
});
