import { describe, expect, it } from "vitest";
import { readInvoiceMetadata } from "./invoice-metadata";

const listItem = {
  tokenId: "7",
  farmer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  metadata: { invoiceNumber: "INV-7", buyerName: "PT Pangan", description: "", dueDate: "2099-01-31" },
  farmerProfile: {
    businessName: "Tani Makmur",
    province: "Jawa Barat",
    city: "Bandung",
    crops: ["rice", "chili"],
  },
  farmerRecord: { repaid: 3, onTime: 2, defaulted: 1, inGrace: 1, overdue: 2 },
  evidence: { invoiceVerified: true, deliveryProven: false, buyerConfirmedAt: "2026-11-20T08:00:00.000Z" },
};

describe("invoice metadata from GET /api/invoices", () => {
  it("names the farm and its city and province from the farmer profile", () => {
    expect(readInvoiceMetadata(listItem)).toEqual({
      tokenId: "7",
      crop: "rice, chili",
      farmerName: "Tani Makmur",
      region: "Bandung, Jawa Barat",
      buyerName: "PT Pangan",
      record: { repaid: 3, onTime: 2, defaulted: 1, inGrace: 1, overdue: 2 },
      evidence: {
        invoiceVerified: true,
        deliveryProven: false,
        buyerConfirmedAt: "2026-11-20T08:00:00.000Z",
        buyerConfirmedEmailDomain: null,
        buyerConfirmedFreeMail: false,
      },
    });
  });

  it("reads no badges when the backend sends none, so none are claimed", () => {
    const { evidence: _evidence, ...withoutBadges } = listItem;
    expect(readInvoiceMetadata(withoutBadges)?.evidence).toBeNull();
  });

  it("prefers the invoice's own description as the crop label", () => {
    const item = { ...listItem, metadata: { ...listItem.metadata, description: "200 sacks of rice" } };
    expect(readInvoiceMetadata(item)?.crop).toBe("200 sacks of rice");
  });

  it("leaves farm name and region blank for a wallet without a registration", () => {
    expect(readInvoiceMetadata({ ...listItem, farmerProfile: null })).toMatchObject({
      farmerName: null,
      region: null,
    });
  });
});
