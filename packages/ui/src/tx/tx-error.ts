import {
  BaseError,
  ContractFunctionRevertedError,
  InsufficientFundsError,
  UserRejectedRequestError,
} from "viem";
import type { Translate } from "../i18n/types";

/** "InvoiceNotPending" -> "Invoice not pending": readable even when no dictionary names the error. */
export function humanizeErrorName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A failed transaction in the user's words. Custom errors are decoded with the ABI the call used; the app's
 * dictionary may word them as `contractError.<ErrorName>`.
 */
export function describeTxError(error: unknown, t: Translate): string {
  if (!(error instanceof BaseError)) return t("tx.unknown");
  if (error.walk((cause) => cause instanceof UserRejectedRequestError)) return t("tx.rejected");
  const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) {
    const errorName = revert.data?.errorName;
    if (errorName && errorName !== "Error") {
      const key = `contractError.${errorName}`;
      const worded = t(key);
      return worded !== key ? worded : humanizeErrorName(errorName);
    }
    return revert.reason ?? t("tx.reverted");
  }
  if (error.walk((cause) => cause instanceof InsufficientFundsError)) return t("tx.insufficientFunds");
  return error.shortMessage;
}
