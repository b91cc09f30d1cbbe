import type { Address, Hash } from "viem";

/** The four contracts the index follows. */
export type FarmContractName = "goldToken" | "goldFaucet" | "farmNft" | "farmVault";

export type FarmAddresses = Record<FarmContractName, Address>;

/** One decoded log. Its id, "<txHash>:<logIndex>", is the key of every row derived from it. */
export interface ChainEvent {
  id: string;
  blockNumber: number;
  blockHash: Hash;
  blockTime: Date;
  txHash: Hash;
  logIndex: number;
  contract: FarmContractName;
  eventName: string;
  args: Record<string, unknown>;
}

export function eventId(txHash: string, logIndex: number): string {
  return `${txHash.toLowerCase()}:${logIndex}`;
}

/** Reads a uint argument of a decoded event, or of one read back from `chain_events` (a decimal string there). */
export function uintArg(event: ChainEvent, name: string): bigint {
  const value = event.args[name];
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  throw new Error(`${event.eventName}.${name} is not a uint`);
}

export function addressArg(event: ChainEvent, name: string): Address {
  const value = event.args[name];
  if (typeof value !== "string") throw new Error(`${event.eventName}.${name} is not an address`);
  return value as Address;
}

/** The invoice an event is about, when it names exactly one. */
export function eventTokenId(event: ChainEvent): bigint | null {
  if (event.contract === "farmNft" && typeof event.args.tokenId === "bigint") return event.args.tokenId;
  if (event.contract === "farmNft" && event.eventName === "TransferSingle") return uintArg(event, "id");
  if (event.contract === "farmVault" && typeof event.args.tokenId === "bigint") return event.args.tokenId;
  return null;
}

/** Decoded args as JSON: uint values become decimal strings. */
export function argsToJson(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === "bigint") out[key] = value.toString();
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === "bigint" ? v.toString() : v));
    else out[key] = value;
  }
  return out;
}
