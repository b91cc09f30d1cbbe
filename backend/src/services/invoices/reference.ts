import { type Address, encodeAbiParameters, type Hex, keccak256 } from "viem";

/**
 * The reference hash the contract keeps unique: the farmer's wallet, the invoice number and the buyer, normalised so
 * "inv-7" for "PT Maju  Jaya" and "INV-7" for "pt maju jaya" are one invoice and cannot be tokenised twice.
 */
export function invoiceReferenceHash(farmer: Address, invoiceNumber: string, buyerName: string): Hex {
  const normalise = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "string" }, { type: "string" }],
      [farmer, normalise(invoiceNumber), normalise(buyerName)],
    ),
  );
}
