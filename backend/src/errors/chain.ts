import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  TimeoutError,
  WebSocketRequestError,
} from "viem";

/** The RPC node could not be reached or did not answer in time: a 503 for the caller, not a rule broken. */
export function isChainUnreachable(error: unknown): boolean {
  if (error instanceof OperatorTransactionError) return error.kind !== "reverted";
  if (!(error instanceof BaseError)) {
    const code = (error as { code?: unknown } | null)?.code;
    return code === "ECONNREFUSED" || code === "ECONNRESET" || code === "ETIMEDOUT";
  }
  return Boolean(
    error.walk(
      (cause) =>
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof WebSocketRequestError,
    ),
  );
}

/** The custom error name a contract reverted with (e.g. "ReferenceAlreadyUsed"), or null for other failures. */
export function revertErrorName(error: unknown): string | null {
  if (!(error instanceof BaseError)) return null;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError)
    return reverted.data?.errorName ?? reverted.reason ?? "reverted";
  return null;
}

/**
 * An operator transaction that did not make it: `unreachable` (the node did not take it), `reverted` (mined and
 * failed, or refused by simulation), `dropped` (sent but no receipt in time), `unfunded` (the node refused it: the
 * operator account cannot pay for its gas). Reported to the caller, never re-sent.
 */
export class OperatorTransactionError extends Error {
  constructor(
    readonly kind: "unreachable" | "reverted" | "dropped" | "unfunded",
    message: string,
    readonly txHash?: `0x${string}`,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OperatorTransactionError";
  }
}
