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
import { type ChainEvent, eventId, type FarmAddresses, type FarmContractName } from "./events";

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

const contractAbis: Record<FarmContractName, Abi> = {
  goldToken: goldTokenAbi,
  goldFaucet: goldFaucetAbi,
  farmNft: farmNftAbi,
  farmVault: farmVaultAbi,
};

/** An event's layout worked out once: which inputs sit in topics and which in data. */
interface EventLayout {
  name: string;
  indexed: readonly AbiParameter[];
  data: readonly AbiParameter[];
  /** True when every data input is one static 32-byte word, so words can be read by position. */
  staticData: boolean;
}

const wordTypes = /^(u?int\d*|address|bool|bytes32)$/;

function layoutOf(event: AbiEvent): EventLayout {
  const data = event.inputs.filter((input) => !input.indexed);
  return {
    name: event.name,
    indexed: event.inputs.filter((input) => input.indexed),
    data,
    staticData: data.every((input) => wordTypes.test(input.type)),
  };
}

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

/** One 32-byte word (a topic, or a static data slot) as its value; indexed dynamic types stay their hash. */
function decodeWord(parameter: AbiParameter, word: Hex): unknown {
  const type = parameter.type;
  if (type === "address") return addressOfWord(word);
  if (type.startsWith("uint")) return BigInt(word);
  if (type.startsWith("int")) return hexToBigInt(word, { signed: true });
  if (type === "bool") return BigInt(word) !== 0n;
  return word;
}

/**
 * Decodes logs of the four contracts. Each event's selector and layout are computed once (viem's decodeEventLog
 * re-hashes every ABI signature per log, which dominates a backfill); the data part still goes through viem's ABI
 * decoder.
 */
export class FarmLogDecoder {
  private readonly byAddress = new Map<
    string,
    { contract: FarmContractName; events: Map<string, EventLayout> }
  >();

  constructor(addresses: FarmAddresses) {
    for (const [contract, address] of Object.entries(addresses) as [FarmContractName, string][]) {
      const events = new Map<string, EventLayout>();
      for (const item of contractAbis[contract]) {
        if (item.type === "event" && !item.anonymous) events.set(toEventSelector(item), layoutOf(item));
      }
      this.byAddress.set(address.toLowerCase(), { contract, events });
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
      const parameter = layout.indexed[n] as AbiParameter;
      args[parameter.name ?? String(n)] = decodeWord(parameter, log.topics[n + 1] as Hex);
    }
    if (layout.staticData) {
      if (log.data.length < 2 + 64 * layout.data.length) return null;
      for (let n = 0; n < layout.data.length; n++) {
        const parameter = layout.data[n] as AbiParameter;
        args[parameter.name ?? String(n)] = decodeWord(
          parameter,
          `0x${log.data.slice(2 + 64 * n, 66 + 64 * n)}`,
        );
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
    };
  }
}
