import { recoverTypedDataAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { buyerConfirmationTypedData, confirmationDecisionRequestSchema } from "./invoice-confirmation";
import { buyerContactSchema } from "./invoice-evidence";

describe("buyer contact", () => {
  it("takes an e-mail or a phone and normalises Indonesian mobiles to +62", () => {
    expect(buyerContactSchema.parse(" finance@pangan.co.id ")).toBe("finance@pangan.co.id");
    expect(buyerContactSchema.parse("0812 3456 7890")).toBe("+6281234567890");
    expect(buyerContactSchema.parse("+65 6123 4567")).toBe("+6561234567");
  });

  it("refuses anything that is neither", () => {
    for (const value of ["call me", "12345", "", "finance@", "+0 123"])
      expect(buyerContactSchema.safeParse(value).success, value).toBe(false);
  });
});

describe("buyer's decision", () => {
  it("needs a note to dispute, not to confirm", () => {
    expect(confirmationDecisionRequestSchema.safeParse({ decision: "confirmed" }).success).toBe(true);
    expect(confirmationDecisionRequestSchema.safeParse({ decision: "disputed" }).success).toBe(false);
    expect(
      confirmationDecisionRequestSchema.safeParse({ decision: "disputed", note: "wrong amount" }).success,
    ).toBe(true);
  });

  it("signs typed data that names the invoice and its document, recoverable to the signer", async () => {
    const buyer = privateKeyToAccount(`0x${"11".repeat(32)}`);
    const facts = {
      chainId: 31337,
      farmNft: "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const,
      tokenId: 7n,
      invoiceNumber: "INV-7",
      amount: 1500n * 10n ** 18n,
      dueDate: "2099-01-31",
      documentHash: `0x${"ab".repeat(32)}` as const,
      decision: "confirmed" as const,
    };
    const signature = await buyer.signTypedData(buyerConfirmationTypedData(facts));
    expect(await recoverTypedDataAddress({ ...buyerConfirmationTypedData(facts), signature })).toBe(
      buyer.address,
    );
    const otherInvoice = buyerConfirmationTypedData({ ...facts, tokenId: 8n });
    expect(await recoverTypedDataAddress({ ...otherInvoice, signature })).not.toBe(buyer.address);
  });
});
