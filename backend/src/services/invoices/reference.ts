import { normaliseBuyerName, normaliseInvoiceNumber } from "@farm/core";
import { type Address, encodeAbiParameters, type Hex, keccak256 } from "viem";

/**
 * The reference hash the contract keeps unique: the farmer's wallet, the invoice number and the buyer, normalised so
 * "DUP-1" for "PT. Dup" and "dup 1" for "pt  dup" are one invoice and cannot be tokenised twice
 * (`normaliseInvoiceNumber`, `normaliseBuyerName`). A resubmission after the earlier ones ended unfunded (rejected or
 * cancelled) takes the next `revision` (0 is the first submission's hash, unchanged).
 */
export function invoiceReferenceHash(
  farmer: Address,
  invoiceNumber: string,
  buyerName: string,
  revision = 0,
): Hex {
  const number = normaliseInvoiceNumber(invoiceNumber);
  const buyer = normaliseBuyerName(buyerName);
  return keccak256(
    revision === 0
      ? encodeAbiParameters(
          [{ type: "address" }, { type: "string" }, { type: "string" }],
          [farmer, number, buyer],
        )
      : encodeAbiParameters(
          [{ type: "address" }, { type: "string" }, { type: "string" }, { type: "uint256" }],
          [farmer, number, buyer, BigInt(revision)],
        ),
  );
}
