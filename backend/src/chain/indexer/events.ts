import type { farmNftAbi, farmVaultAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import type { Address, ContractEventName, GetEventArgs, Hash } from "viem";
import type { farmMarketAbi } from "../market-abi";

/** The contracts the index follows, by the ABI each is decoded with. */
export interface FarmAbis {
  goldToken: typeof goldTokenAbi;
  goldFaucet: typeof goldFaucetAbi;
  farmNft: typeof farmNftAbi;
  farmVault: typeof farmVaultAbi;
  farmMarket: typeof farmMarketAbi;
}

export type FarmContractName = keyof FarmAbis;

/**
 * Where the contracts live. FarmMarket is optional: a deployment from before the seed market (issue 31) has none, and
 * runs with the market off.
 */
export type FarmAddresses = Record<Exclude<FarmContractName, "farmMarket">, Address> & {
  farmMarket?: Address;
};

/** Where a log sits on chain. Its id, "<txHash>:<logIndex>", is the key of every row derived from it. */
export interface EventPosition {
  id: string;
  blockNumber: number;
  blockHash: Hash;
  blockTime: Date;
  txHash: Hash;
  logIndex: number;
}

/**
 * An event's arguments as viem types them from the ABI (uint256 a bigint, uint8..uint48 a number, address a checksummed
 * string), every argument present: the decoder produces exactly this shape.
 */
type ArgsOf<C extends FarmContractName, N extends ContractEventName<FarmAbis[C]>> = GetEventArgs<
  FarmAbis[C],
  N,
  { EnableUnion: false; IndexedOnly: false; Required: true }
>;

type EventsOf<C extends FarmContractName> = {
  [N in ContractEventName<FarmAbis[C]>]: EventPosition & { contract: C; eventName: N; args: ArgsOf<C, N> };
}[ContractEventName<FarmAbis[C]>];

/**
 * One decoded log of our contracts: a union over every (contract, event) pair, so checking `contract` and
 * `eventName` narrows `args` to that event's typed arguments.
 */
export type ChainEvent = { [C in FarmContractName]: EventsOf<C> }[FarmContractName];

/** "<contract>.<EventName>", the key of an event in the projector table. */
export type ChainEventKey = { [C in FarmContractName]: `${C}.${EventsOf<C>["eventName"]}` }[FarmContractName];

/** The event a key names. */
export type ChainEventOf<K extends ChainEventKey> = K extends `${infer C}.${infer N}`
  ? Extract<ChainEvent, { contract: C; eventName: N }>
  : never;

export const eventKey = (event: ChainEvent) => `${event.contract}.${event.eventName}` as ChainEventKey;

/** Each key split into contract and event name, once: isEvent runs several times per event of a backfill. */
const keyParts = new Map<string, readonly [string, string]>();

/** Whether an event is the one a key names (narrows its type). */
export function isEvent<K extends ChainEventKey>(event: ChainEvent, key: K): event is ChainEventOf<K> {
  let parts = keyParts.get(key);
  if (!parts) {
    const dot = key.indexOf(".");
    parts = [key.slice(0, dot), key.slice(dot + 1)];
    keyParts.set(key, parts);
  }
  return event.eventName === parts[1] && event.contract === parts[0];
}

/**
 * Whether an event has a `chain_events` row. GOLD's ERC-20 Transfer and Approval have none: nothing reads them (balances
 * and allowances are read from the chain, and each movement the platform shows has an event of its own: Invested,
 * Harvested, Claimed, the vault's flows), yet they were a third of a backfill's rows (decision 0064). FarmNFT's Invested
 * has none either: its row is `chain_investments`, which the rollback reads it back from (decision 0065).
 */
export const isStoredEvent = (event: ChainEvent): boolean =>
  event.contract === "goldToken"
    ? event.eventName !== "Transfer" && event.eventName !== "Approval"
    : event.eventName !== "Invested" || event.contract !== "farmNft";

export function eventId(txHash: string, logIndex: number): string {
  return `${txHash.toLowerCase()}:${logIndex}`;
}

/** The invoice an event is about, when it names exactly one. */
export function eventTokenId(event: ChainEvent): bigint | null {
  if ("tokenId" in event.args && typeof event.args.tokenId === "bigint") return event.args.tokenId;
  if (isEvent(event, "farmNft.TransferSingle")) return event.args.id;
  return null;
}

/** Decoded args as JSON: uint values become decimal strings (read back by `FarmLogDecoder.revive`). */
export function argsToJson(args: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values = args as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    if (typeof value === "bigint") out[key] = value.toString();
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === "bigint" ? v.toString() : v));
    else out[key] = value;
  }
  return out;
}
