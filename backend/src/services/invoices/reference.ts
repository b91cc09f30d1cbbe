import { normaliseBuyerName, normaliseInvoiceNumber } from "@farm/core";
import { type Address, encodeAbiParameters, type Hex, keccak256 } from "viem";

/**
 * The reference hash the contract keeps unique: the farmer's wallet, the invoice number and the buyer, normalised so
 * "DUP-1" for "PT. Dup" and "dup 1" for "pt  dup" are one invoice and cannot be tokenised twice
 * (`normaliseInvoiceNumber`, `normaliseBuyerName`).
 */
export function invoiceReferenceHash(farmer: Address, invoiceNumber: string, buyerName: string): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "string" }, { type: "string" }],
      [farmer, normaliseInvoiceNumber(invoiceNumber), normaliseBuyerName(buyerName)],
    ),
  );
}
