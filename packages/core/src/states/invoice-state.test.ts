import { describe, expect, it } from "vitest";
import { deriveInvoiceState, type InvoiceFacts } from "./invoice-state";

const at = (iso: string) => new Date(iso);
const approved: InvoiceFacts = {
  status: "approved",
  fundingDeadline: at("2026-01-10T00:00:00Z"),
  maturity: null,
  graceDays: null,
};
const funded: InvoiceFacts = {
  status: "funded",
  fundingDeadline: at("2026-01-10T00:00:00Z"),
  maturity: at("2026-02-01T00:00:00Z"),
  graceDays: 7,
};

describe("deriveInvoiceState", () => {
  it("is open through the funding deadline's second on the chain's clock (FarmNFT still takes an investment then and refuses cancelExpired), then expired with no farmer action", () => {
    expect(deriveInvoiceState(approved, at("2026-01-09T23:59:59Z"))).toMatchObject({
      name: "open",
      farmerAction: null,
      adminAction: null,
    });
    expect(deriveInvoiceState(approved, at("2026-01-10T00:00:00Z")).name).toBe("open");
    expect(deriveInvoiceState(approved, at("2026-01-10T00:00:01Z"))).toMatchObject({
      name: "expired",
      farmerAction: null,
    });
  });

  it("is funded until maturity, then overdue; the admin may mark the default only after the grace", () => {
    expect(deriveInvoiceState(funded, at("2026-01-31T23:59:59Z"))).toMatchObject({
      name: "funded",
      farmerAction: "repay",
      adminAction: null,
      defaultableFrom: null,
    });
    const overdue = deriveInvoiceState(funded, at("2026-02-07T23:59:59Z"));
    expect(overdue).toMatchObject({ name: "overdue", farmerAction: "repay", adminAction: null });
    expect(overdue.defaultableFrom).toEqual(at("2026-02-08T00:00:00Z"));
    expect(deriveInvoiceState(funded, at("2026-02-08T00:00:00Z")).adminAction).toBe("markDefaulted");
  });

  it("gives each remaining status its own name and single action", () => {
    const now = at("2026-03-01T00:00:00Z");
    const of = (status: InvoiceFacts["status"]) => deriveInvoiceState({ ...funded, status }, now);
    expect(of("pending")).toMatchObject({ name: "pending", farmerAction: null, adminAction: "review" });
    expect(of("rejected")).toMatchObject({ name: "rejected", farmerAction: null, adminAction: null });
    expect(of("cancelled")).toMatchObject({ name: "cancelled", farmerAction: null, adminAction: null });
    expect(of("repaid")).toMatchObject({ name: "repaid", farmerAction: null, adminAction: null });
    expect(of("defaulted")).toMatchObject({
      name: "defaulted",
      farmerAction: "repay",
      adminAction: "settleDefault",
    });
    expect(of("settled")).toMatchObject({ name: "settled", farmerAction: null, adminAction: null });
  });

  it("offers settlement only once the recovery window fixed at the default has passed on the chain's clock", () => {
    const defaulted: InvoiceFacts = {
      ...funded,
      status: "defaulted",
      settleableAt: at("2026-03-20T00:00:00Z"),
    };
    expect(deriveInvoiceState(defaulted, at("2026-03-19T23:59:59Z"))).toMatchObject({
      name: "defaulted",
      farmerAction: "repay",
      adminAction: null,
      settleableFrom: at("2026-03-20T00:00:00Z"),
    });
    expect(deriveInvoiceState(defaulted, at("2026-03-20T00:00:00Z")).adminAction).toBe("settleDefault");
    // A default indexed before the window existed carries none: settlement is offered as before.
    expect(
      deriveInvoiceState({ ...defaulted, settleableAt: null }, at("2026-03-01T00:00:00Z")),
    ).toMatchObject({
      adminAction: "settleDefault",
      settleableFrom: null,
    });
    expect(
      deriveInvoiceState({ ...defaulted, status: "settled" }, at("2026-03-01T00:00:00Z")).settleableFrom,
    ).toBe(null);
  });
});
