import { describe, expect, it } from "vitest";
import { assertSafeParams, NOTIFICATION_KINDS, notificationCatalogue, renderNotification } from "./catalogue";

describe("notification catalogue", () => {
  it("words every kind in both languages, each naming the same parameters", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const info = notificationCatalogue[kind];
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(info.id.subject + info.id.body), kind).toEqual(names(info.en.subject + info.en.body));
      expect(info.en.subject.length, kind).toBeGreaterThan(0);
      expect(info.id.subject, kind).not.toEqual(info.en.subject);
    }
  });

  it("fills parameters and formats amounts in the reader's language", () => {
    const params = { tokenId: "7", amount: "1000500000000000000000" };
    expect(renderNotification("repayment_received", params, "en")).toMatchObject({
      subject: "Repayment received for invoice #7",
      body: "1,000.5 GOLD was received.",
      link: "/invoices",
      app: "portal",
    });
    expect(renderNotification("repayment_received", params, "id").body).toBe("1.000,5 GOLD telah diterima.");
    expect(renderNotification("buyer_confirmation_request", { token: "abc" }, "en").link).toBe(
      "/confirm/abc",
    );
  });

  it("counts one day in the singular in English", () => {
    const due = (days: string, language: "en" | "id") =>
      renderNotification("due_soon", { tokenId: "7", days, dueDate: "2030-01-02" }, language).subject;
    expect(due("1", "en")).toBe("Invoice #7 is due in 1 day");
    expect(due("3", "en")).toBe("Invoice #7 is due in 3 days");
    expect(due("1", "id")).toBe("Faktur #7 jatuh tempo dalam 1 hari");
  });

  it("refuses identity, tax and bank numbers as parameters", () => {
    expect(() => assertSafeParams({ nik: "1" })).toThrow();
    expect(() => assertSafeParams({ bankAccount: "1" })).toThrow();
    expect(() => assertSafeParams({ tokenId: "1" })).not.toThrow();
  });
});
