import type { Hash, TransactionReceipt } from "viem";

/** The life of one transaction, as every button shows it. */
export type TxState =
  | { status: "idle" }
  | { status: "wallet"; label?: string | undefined }
  | { status: "pending"; hash: Hash; label?: string | undefined }
  /** Mined, and waiting until `required` blocks (the network's confirmations) hold it; `confirmations` so far. */
  | { status: "confirming"; hash: Hash; confirmations: number; required: number; label?: string | undefined }
  | { status: "confirmed"; hash: Hash; receipt: TransactionReceipt; label?: string | undefined }
  | { status: "failed"; reason: string; hash?: Hash | undefined; label?: string | undefined };
