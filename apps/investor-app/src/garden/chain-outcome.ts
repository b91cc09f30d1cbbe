import { farmNftAbi } from "@farm/contracts/abi";
import { parseEventLogs, type TransactionReceipt } from "viem";

/** GOLD paid by a confirmed harvest, read from its Harvested event (principal + yield), or null if absent. */
export function harvestedPayout(receipt: TransactionReceipt): bigint | null {
  const [event] = parseEventLogs({ abi: farmNftAbi, eventName: "Harvested", logs: receipt.logs });
  return event ? event.args.principal + event.args.yield : null;
}

/** GOLD principal returned by a confirmed refund, read from its Refunded event (shares are principal units). */
export function refundedAmount(receipt: TransactionReceipt): bigint | null {
  const [event] = parseEventLogs({ abi: farmNftAbi, eventName: "Refunded", logs: receipt.logs });
  return event ? event.args.shares : null;
}
