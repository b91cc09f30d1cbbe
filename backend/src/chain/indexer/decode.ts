import { farmNftAbi, farmVaultAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import {
  type Abi,
  type AbiEvent,
  type AbiParameter,
  decodeAbiParameters,
  getAddress,
  type Hash,
  type Hex,
  hexToBigInt,
  toEventSelector,
} from "viem";
import { farmMarketAbi } from "../market-abi";
import {
  type ChainEvent,
  type EventPosition,
  eventId,
  type FarmAddresses,
  type FarmContractName,
} from "./events";

/** A log as fetched, before decoding; block time may be missing on nodes that do not send `blockTimestamp`. */
export interface FetchedLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
  blockNumber: number;
  blockHash: Hash;
  txHash: Hash;
  logIndex: number;
  blockTime: Date | null;
}

const contractAbis: { [C in FarmContractName]: Abi } = {
  goldToken: goldTokenAbi,
  goldFaucet: goldFaucetAbi,
  farmNft: farmNftAbi,
  farmVault: farmVaultAbi,
  farmMarket: farmMarketAbi,
};

/** How one input is read from a 32-byte word (a topic, or a static data slot), as viem would type it. */
type WordReader = (word: Hex) => unknown;

/** An event's layout worked out once: which inputs sit in topics and which in data, and how each is read. */
interface EventLayout {
  name: string;
  indexed: readonly { name: string; read: WordReader }[];
  data: readonly AbiParameter[];
  /** Readers of the data words when every data input is one static 32-byte word (read by position), else null. */
  dataWords: readonly { name: string; read: WordReader }[] | null;
}

const wordTypes = /^(u?int\d*|address|bool|bytes32)$/;

/** Bits of an integer type ("uint" is 256). viem gives integers of at most 48 bits as numbers, wider ones as bigints. */
const bitsOf = (type: string) => Number(type.replace(/^u?int/, "")) || 256;

/**
 * Checksummed addresses by the 32-byte word that holds them: a backfill sees the same few thousand wallets over and
 * over, and keying by the word spares slicing it first.
 */
const checksummed = new Map<string, Hex>();
function addressOfWord(word: string): Hex {
  let address = checksummed.get(word);
  if (!address) {
    if (checksummed.size > 50_000) checksummed.clear();
    address = getAddress(`0x${word.slice(-40)}`);
    checksummed.set(word, address);
  }
  return address;
}

/** The reader of one word of the given type; indexed dynamic types (string, bytes, arrays) stay their hash. */
function wordReader(type: string): WordReader {
  if (type === "address") return addressOfWord;
  if (type === "bool") return (word) => BigInt(word) !== 0n;
  if (/^u?int\d*$/.test(type)) {
    const signed = type.startsWith("int");
    if (bitsOf(type) <= 48) return (word) => Number(hexToBigInt(word, { signed }));
    return signed ? (word) => hexToBigInt(word, { signed: true }) : (word) => BigInt(word);
  }
  return (word) => word;
}

/** Reads back one argument stored as JSON in `chain_events` (uint values there are decimal strings). */
function reviveValue(type: string, value: unknown): unknown {
  if (type.endsWith("[]") && Array.isArray(value)) return value.map((v) => reviveValue(type.slice(0, -2), v));
  if (/^u?int\d*$/.test(type) && (typeof value === "string" || typeof value === "number")) {
    return bitsOf(type) <= 48 ? Number(value) : BigInt(value);
  }
  return value;
}

function layoutOf(event: AbiEvent): EventLayout {
  const reader = (input: AbiParameter, n: number) => ({
    name: input.name ?? String(n),
    read: wordReader(input.type),
  });
  const data = event.inputs.filter((input) => !input.indexed);
  return {
    name: event.name,
    indexed: event.inputs.filter((input) => input.indexed).map(reader),
    data,
    dataWords: data.every((input) => wordTypes.test(input.type)) ? data.map(reader) : null,
  };
}

/** Each contract's events, by selector (to decode a log) and by name (to revive a stored one), worked out once. */
const layouts = Object.fromEntries(
  (Object.keys(contractAbis) as FarmContractName[]).map((contract) => {
    const bySelector = new Map<string, EventLayout>();
    const byName = new Map<string, AbiEvent>();
    for (const item of contractAbis[contract]) {
      if (item.type !== "event" || item.anonymous) continue;
      bySelector.set(toEventSelector(item), layoutOf(item));
      byName.set(item.name, item);
    }
    return [contract, { bySelector, byName }];
  }),
) as Record<FarmContractName, { bySelector: Map<string, EventLayout>; byName: Map<string, AbiEvent> }>;

/**
 * Decodes logs of our contracts. Each event's selector and layout are computed once (viem's decodeEventLog
 * re-hashes every ABI signature per log, which dominates a backfill); the data part still goes through viem's ABI
 * decoder.
 */
export class FarmLogDecoder {
  private readonly byAddress = new Map<
    string,
    { contract: FarmContractName; events: Map<string, EventLayout> }
  >();

  constructor(addresses: FarmAddresses) {
    for (const [contract, address] of Object.entries(addresses) as [FarmContractName, string | undefined][]) {
      // A deployment without FarmMarket leaves its address out: the market is off, its logs are not asked for.
      if (!address) continue;
      this.byAddress.set(address.toLowerCase(), { contract, events: layouts[contract].bySelector });
    }
  }

  /** The addresses to ask `eth_getLogs` for. */
  get addresses(): Hex[] {
    return [...this.byAddress.keys()] as Hex[];
  }

  /** The decoded event, or null for a log of another contract or an event no ABI knows. */
  decode(log: FetchedLog): ChainEvent | null {
    const source = this.byAddress.get(log.address) ?? this.byAddress.get(log.address.toLowerCase());
    const selector = log.topics[0];
    if (!source || !selector) return null;
    const layout = source.events.get(selector);
    if (!layout || log.topics.length !== layout.indexed.length + 1) return null;
    const args: Record<string, unknown> = {};
    for (let n = 0; n < layout.indexed.length; n++) {
      const input = layout.indexed[n] as EventLayout["indexed"][number];
      args[input.name] = input.read(log.topics[n + 1] as Hex);
    }
    if (layout.dataWords) {
      if (log.data.length < 2 + 64 * layout.dataWords.length) return null;
      for (let n = 0; n < layout.dataWords.length; n++) {
        const input = layout.dataWords[n] as EventLayout["indexed"][number];
        args[input.name] = input.read(`0x${log.data.slice(2 + 64 * n, 66 + 64 * n)}`);
      }
    } else {
      const values = decodeAbiParameters(layout.data, log.data);
      layout.data.forEach((parameter, n) => {
        args[parameter.name ?? String(n)] = values[n];
      });
    }
    return {
      id: eventId(log.txHash, log.logIndex),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTime: log.blockTime ?? new Date(0),
      txHash: log.txHash,
      logIndex: log.logIndex,
      contract: source.contract,
      eventName: layout.name,
      args,
      // Each input was read as viem types it (see wordReader), so this is the (contract, event) member it names.
    } as ChainEvent;
  }
}

/**
 * An event read back from its `chain_events` row (a reorg replays the survivors): its JSON args revived to the types
 * the decoder gives, or null for an event the ABIs no longer hold.
 */
export function reviveEvent(
  position: EventPosition,
  contract: FarmContractName,
  eventName: string,
  json: unknown,
): ChainEvent | null {
  const abiEvent = layouts[contract]?.byName.get(eventName);
  if (!abiEvent || typeof json !== "object" || json === null) return null;
  const stored = json as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  abiEvent.inputs.forEach((input, n) => {
    const name = input.name ?? String(n);
    args[name] = reviveValue(input.type, stored[name]);
  });
  return { ...position, contract, eventName, args } as ChainEvent;
}

/** An event read back from its stored row (block time is not kept there: the epoch stands in). */
export function reviveStoredEvent(row: {
  id: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
  contract: string;
  eventName: string;
  args: unknown;
}): ChainEvent | null {
  const position = {
    id: row.id,
    blockNumber: row.blockNumber,
    blockHash: row.blockHash as Hash,
    blockTime: new Date(0),
    txHash: row.txHash as Hash,
    logIndex: row.logIndex,
  };
  return reviveEvent(position, row.contract as FarmContractName, row.eventName, row.args);
}
