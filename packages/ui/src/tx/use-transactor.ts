import { waitForReceipt } from "@farm/contracts/receipt";
import { useCallback, useRef, useState } from "react";
import type {
  Abi,
  Address,
  ContractFunctionArgs,
  ContractFunctionName,
  Hash,
  PublicClient,
  TransactionReceipt,
} from "viem";
import { useConfig } from "wagmi";
import {
  getConnection,
  getPublicClient,
  type SimulateContractParameters,
  simulateContract,
  writeContract,
} from "wagmi/actions";
import { useChainConfig } from "../config/chain-config";
import { useT } from "../i18n/I18nProvider";
import { describeTxError } from "./tx-error";
import type { TxState } from "./tx-state";

type Writable = "nonpayable" | "payable";

/**
 * A contract write, typed by its ABI: the function must be one of the ABI's writable functions and the arguments
 * what it takes (as viem's own `writeContract` checks them).
 */
export type ContractCall<
  abi extends Abi = Abi,
  functionName extends ContractFunctionName<abi, Writable> = ContractFunctionName<abi, Writable>,
> = {
  address: Address;
  abi: abi;
  functionName: functionName;
  args?: ContractFunctionArgs<abi, Writable, functionName>;
  value?: bigint;
};

export type SendOptions = {
  /** Shown beside the progress, e.g. "Approve GOLD (1 of 2)". */
  label?: string;
  onConfirmed?: (receipt: TransactionReceipt) => unknown;
};

/**
 * One hook for every contract write: simulate (so a revert is caught and decoded before the wallet opens), ask
 * the wallet, wait for the receipt. `send` resolves with the receipt, or null when it failed (the state says why).
 */
export function useTransactor() {
  const config = useConfig();
  const t = useT();
  const [state, setState] = useState<TxState>({ status: "idle" });
  // A second click before React re-renders the disabled button must not send a second transaction.
  const inFlight = useRef(false);
  // The network's confirmations (GET /api/config): what the backend's index waits for before it shows a change.
  const required = useChainConfig().data?.confirmations ?? 0;

  const send = useCallback(
    async <const abi extends Abi, functionName extends ContractFunctionName<abi, Writable>>(
      call: ContractCall<abi, functionName>,
      options: SendOptions = {},
    ): Promise<TransactionReceipt | null> => {
      const { label } = options;
      if (inFlight.current) return null;
      inFlight.current = true;
      let hash: Hash | undefined;
      setState({ status: "wallet", label });
      try {
        const account = getConnection(config).address;
        const { request } = await simulateContract(config, {
          ...call,
          account,
        } as unknown as SimulateContractParameters);
        const client = getPublicClient(config);
        if (!client) throw new Error("no chain client for the connected chain");
        // The estimate plus a quarter: another transaction mined first can make this one cost more than it did when
        // estimated (approving the newest pending invoice while a farmer submits one moves the pending list's last
        // entry), and a transaction at the bare estimate then runs out of gas. Unused gas is not charged.
        const estimate = await client.estimateContractGas(request as never);
        hash = await writeContract(config, { ...request, gas: (estimate * 5n) / 4n });
        setState({ status: "pending", hash, label });
        const receipt = await waitForReceipt(client, { hash });
        if (receipt.status !== "success") {
          setState({ status: "failed", reason: t("tx.reverted"), hash, label });
          return null;
        }
        if (required > 0) {
          const mined = hash;
          await waitForConfirmations(client, receipt.blockNumber, required, (confirmations) =>
            setState({ status: "confirming", hash: mined, confirmations, required, label }),
          );
        }
        setState({ status: "confirmed", hash, receipt, label });
        await options.onConfirmed?.(receipt);
        return receipt;
      } catch (error) {
        setState({ status: "failed", reason: describeTxError(error, t), hash, label });
        return null;
      } finally {
        inFlight.current = false;
      }
    },
    [config, t, required],
  );

  const reset = useCallback(() => setState({ status: "idle" }), []);
  const busy = state.status === "wallet" || state.status === "pending" || state.status === "confirming";
  return { send, state, reset, busy };
}

/**
 * Waits until `required` blocks are mined on top of the one holding a transaction, the depth the backend's indexer
 * waits for, reporting each count as new blocks arrive.
 */
export async function waitForConfirmations(
  client: PublicClient,
  minedIn: bigint,
  required: number,
  onProgress: (confirmations: number) => void,
): Promise<void> {
  for (;;) {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const confirmations = Math.max(0, Math.min(required, Number(head - minedIn)));
    onProgress(confirmations);
    if (confirmations >= required) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(client.pollingInterval, 1_000)));
  }
}
