import { farmNftAbi } from "@farm/contracts/abi";
import { type InvoiceDecisionAction, invoiceDecisionFunction } from "@farm/core";
import { ApiError, apiPost, useT, useToast } from "@farm/ui";
import { useFarmContracts, useTransactor } from "@farm/ui/wallet";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Hash } from "viem";
import { invoiceDecisionsKey } from "./InvoiceDecisionHistory";
import "../i18n/admin-decisions";

/** Each decision's route under /api/admin/invoices/:tokenId. */
const decisionPath = {
  approve: "approval",
  reject: "rejection",
  default: "default",
  settle: "settlement",
  withdraw: "withdrawal",
} as const satisfies Record<InvoiceDecisionAction, string>;

type Recording = { action: InvoiceDecisionAction; txHash: Hash; reason: string | undefined; done: string };

/** Where recording a mined decision failed: the API's error (shown counting down a 429), and whether it asks for a reason. */
export type UnrecordedDecision = Recording & { error: unknown; needsReason: boolean };

/**
 * An irreversible admin decision: the admin's wallet sends it, and only once it is mined and succeeded is it recorded
 * with its reason (`POST /api/admin/invoices/:tokenId/<decision> {txHash, reason}`, the backend checks the receipt).
 * A failed or refused transaction records nothing; a recording that fails can be sent again for the same
 * transaction (with a reason when the API asks for one). The result is said in a toast.
 */
export function useInvoiceDecision(tokenId: string, onRecorded: () => Promise<unknown>) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const contracts = useFarmContracts();
  const transactor = useTransactor();
  const [unrecorded, setUnrecorded] = useState<UnrecordedDecision | null>(null);

  const record = async (recording: Recording) => {
    const { action, txHash, reason } = recording;
    try {
      await apiPost(
        `/admin/invoices/${tokenId}/${decisionPath[action]}`,
        reason ? { txHash, reason } : { txHash },
      );
    } catch (error) {
      // Recorded already (a retry after a lost answer): the decision stands as it is.
      if (!(error instanceof ApiError && error.code === "DECISION_ALREADY_RECORDED")) {
        const needsReason = error instanceof ApiError && error.code === "APPROVAL_REASON_REQUIRED";
        setUnrecorded({ ...recording, error, needsReason });
        toast(t("admin.decision.unrecorded", { id: tokenId }));
        return;
      }
    }
    setUnrecorded(null);
    toast(recording.done);
    await Promise.all([onRecorded(), queryClient.invalidateQueries({ queryKey: invoiceDecisionsKey })]);
  };

  /** Sends the decision's FarmNFT call with the admin's wallet, then records it, mined, with `reason`. */
  const decide = async (decision: {
    action: InvoiceDecisionAction;
    reason: string | undefined;
    label: string;
    done: string;
  }) => {
    setUnrecorded(null);
    const id = BigInt(tokenId);
    const base = { address: contracts.farmNft, abi: farmNftAbi } as const;
    const options = { label: decision.label };
    const receipt =
      decision.action === "reject" || decision.action === "withdraw"
        ? await transactor.send(
            {
              ...base,
              functionName: invoiceDecisionFunction[decision.action],
              args: [id, decision.reason ?? ""],
            },
            options,
          )
        : await transactor.send(
            { ...base, functionName: invoiceDecisionFunction[decision.action], args: [id] },
            options,
          );
    if (!receipt) {
      toast(t("admin.decision.failed", { id: tokenId }));
      return;
    }
    await record({ ...decision, txHash: receipt.transactionHash });
  };

  /** Records the mined transaction again, with a new reason when one is given. */
  const retry = (reason?: string) => {
    if (unrecorded) void record({ ...unrecorded, reason: reason ?? unrecorded.reason });
  };

  return {
    decide,
    retry,
    dismiss: () => setUnrecorded(null),
    unrecorded,
    state: transactor.state,
    busy: transactor.busy,
  };
}
