import { describe, expect, it } from "vitest";
import { refusedItemsParam, refusedItemsShown } from "../farmer-item-words";
import {
  assertSafeParams,
  fillTemplate,
  formatNotificationAmount,
  NOTIFICATION_KINDS,
  notificationCatalogue,
  renderNotification,
} from "./catalogue";

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

  it("words stored ISO days as the reader's medium date, on the UTC calendar", () => {
    const funded = { tokenId: "7", amount: "2500000000000000000000", dueDate: "2027-03-03" };
    expect(renderNotification("invoice_funded", funded, "id").body).toBe(
      "2.500 GOLD telah dibayarkan ke dompet Anda. Lunasi sebelum 3 Mar 2027.",
    );
    expect(renderNotification("invoice_funded", funded, "en").body).toBe(
      "2,500 GOLD was paid to your wallet. Repay by Mar 3, 2027.",
    );
    const overdue = { tokenId: "7", dueDate: "2027-05-01", graceEnds: "2027-05-10" };
    expect(renderNotification("overdue", overdue, "id").body).toBe(
      "Faktur #7 jatuh tempo pada 1 Mei 2027. Lunasi sebelum masa tenggang berakhir pada 10 Mei 2027.",
    );
    expect(renderNotification("overdue", overdue, "en").body).toBe(
      "Invoice #7 was due on May 1, 2027. Repay it before the grace period ends on May 10, 2027.",
    );
    expect(renderNotification("credential_expiring", { date: "2027-12-31", days: "3" }, "id").subject).toBe(
      "Verifikasi Anda berakhir pada 31 Des 2027",
    );
    expect(
      renderNotification("due_soon", { tokenId: "7", days: "3", dueDate: "2027-01-01" }, "en").body,
    ).toBe("Repay invoice #7 by Jan 1, 2027.");
    // Anything that is not an ISO day stays as stored.
    expect(renderNotification("due_soon", { tokenId: "7", days: "3", dueDate: "soon" }, "en").body).toBe(
      "Repay invoice #7 by soon.",
    );
  });

  it("shows a non-zero amount under 0.01 GOLD to its first two significant digits, never as 0", () => {
    const lateFee = { tokenId: "7", amount: "6700000000000000", dueDate: "2027-03-03" };
    expect(renderNotification("late_fee_accruing", lateFee, "id").body).toBe(
      "Faktur #7 jatuh tempo pada 3 Mar 2027. Sejak itu utang Anda bertambah 0,0067 GOLD setiap hari penuh " +
        "hingga dilunasi atau dinyatakan gagal bayar; pemegang bagian menerimanya. Lunasi faktur #7 untuk menghentikannya.",
    );
    expect(renderNotification("late_fee_accruing", lateFee, "en").body).toBe(
      "Invoice #7 was due on Mar 3, 2027. Since then what you owe grows by 0.0067 GOLD for each whole day " +
        "until it is repaid or declared in default; the holders receive it. Repay invoice #7 to stop it.",
    );
    expect(formatNotificationAmount("6666666666666666", "en")).toBe("0.0066");
    expect(formatNotificationAmount("5000000000000000", "id")).toBe("0,005");
    expect(formatNotificationAmount("1", "en")).toBe("0.000000000000000001");
    expect(formatNotificationAmount("0", "en")).toBe("0");
    expect(formatNotificationAmount("12345678900000000", "id")).toBe("0,01");
    expect(formatNotificationAmount("1234567000000000000000", "id")).toBe("1.234,56");
  });

  it("counts one day in the singular in English", () => {
    const due = (days: string, language: "en" | "id") =>
      renderNotification("due_soon", { tokenId: "7", days, dueDate: "2030-01-02" }, language).subject;
    expect(due("1", "en")).toBe("Invoice #7 is due in 1 day");
    expect(due("3", "en")).toBe("Invoice #7 is due in 3 days");
    expect(due("1", "id")).toBe("Faktur #7 jatuh tempo dalam 1 hari");
  });

  it("names a rejected registration's refused items in the reader's words, and its reason only when there is one", () => {
    const refused = refusedItemsParam({ documents: ["npwp"], fields: ["landAreaHectares"] });
    expect(refused).toBe("document.npwp,field.landAreaHectares");
    expect(renderNotification("kyc_rejected", { reason: "", refused }, "id")).toMatchObject({
      subject: "Pendaftaran lahan Anda tidak disetujui",
      body: "Anda dapat memperbaikinya dan mendaftar lagi. Ditolak: Kartu NPWP, Luas lahan (hektare).",
    });
    expect(renderNotification("kyc_rejected", { reason: "Foto KTP buram", refused }, "en").body).toBe(
      "You can correct it and register again. Refused: NPWP card, Land area (hectares). Reason: Foto KTP buram",
    );
    // A notice stored before refused items were named: its reason alone, or nothing empty.
    expect(renderNotification("kyc_rejected", { reason: "Foto KTP buram" }, "id").body).toBe(
      "Anda dapat memperbaikinya dan mendaftar lagi. Alasan: Foto KTP buram",
    );
    expect(renderNotification("kyc_rejected", { reason: "" }, "en").body).toBe(
      "You can correct it and register again.",
    );
    expect(renderNotification("kyc_approved", {}, "id").subject).toBe("Pendaftaran lahan Anda disetujui");
    expect(refusedItemsShown("document.ktp,field.nik,field.unknown", "en")).toBe(
      "KTP (identity card), NIK, field.unknown",
    );
    expect(refusedItemsParam(null)).toBe("");
  });

  it("leaves out a [part] whose parameter is empty or missing, and keeps it otherwise", () => {
    expect(fillTemplate("A.[ B: {b}.][ C: {c}]", { b: "x", c: "" })).toBe("A. B: x.");
    expect(fillTemplate("[{a} and {b}]", { a: "1" })).toBe("");
    expect(fillTemplate("{a} [{a}]", { a: "[1]" })).toBe("[1] [1]");
  });

  it("refuses identity, tax and bank numbers as parameters", () => {
    expect(() => assertSafeParams({ nik: "1" })).toThrow();
    expect(() => assertSafeParams({ bankAccount: "1" })).toThrow();
    expect(() => assertSafeParams({ tokenId: "1" })).not.toThrow();
  });
});
