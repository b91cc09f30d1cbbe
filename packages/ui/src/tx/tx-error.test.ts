import {
  BaseError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  parseAbi,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { createTranslate } from "../i18n/translate";
import { describeTxError, humanizeErrorName } from "./tx-error";

const abi = parseAbi([
  "error InvoiceNotPending(uint256 tokenId)",
  "function approveInvoice(uint256 tokenId)",
]);
const t = createTranslate(
  {},
  { "tx.rejected": "You cancelled.", "contractError.InvoiceNotPending": "Already decided." },
);

function revertWith(errorName: "InvoiceNotPending") {
  const data = encodeErrorResult({ abi, errorName, args: [7n] });
  const revert = new ContractFunctionRevertedError({ abi, data, functionName: "approveInvoice" });
  return new ContractFunctionExecutionError(revert, { abi, functionName: "approveInvoice", args: [7n] });
}

describe("describeTxError", () => {
  it("words a custom error decoded with the ABI from the dictionary", () => {
    expect(describeTxError(revertWith("InvoiceNotPending"), t)).toBe("Already decided.");
  });

  it("humanizes a custom error the dictionary does not know", () => {
    expect(describeTxError(revertWith("InvoiceNotPending"), createTranslate({}, {}))).toBe(
      "Invoice not pending",
    );
    expect(humanizeErrorName("AccessControlUnauthorizedAccount")).toBe("Access control unauthorized account");
  });

  it("recognises a request the user rejected in the wallet", () => {
    const rejected = new BaseError("failed", { cause: new UserRejectedRequestError(new Error("no")) });
    expect(describeTxError(rejected, t)).toBe("You cancelled.");
  });
});
