import { farmNftAbi, farmVaultAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { type Abi, type AbiEvent, decodeEventLog, type Hash, type Hex, toEventSelector } from "viem";
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

/** Decodes logs of the four contracts, with each ABI's event selectors computed once rather than per log. */
export class FarmLogDecoder {
  private readonly byAddress = new Map<
    string,
    { contract: FarmContractName; events: Map<string, AbiEvent> }
  >();

  constructor(addresses: FarmAddresses) {
    for (const [contract, address] of Object.entries(addresses) as [FarmContractName, string][]) {
      const events = new Map<string, AbiEvent>();
      for (const item of contractAbis[contract]) {
        if (item.type === "event") events.set(toEventSelector(item), item);
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
    const source = this.byAddress.get(log.address.toLowerCase());
    const selector = log.topics[0];
    if (!source || !selector) return null;
    const abiEvent = source.events.get(selector);
    if (!abiEvent) return null;
    const decoded = decodeEventLog({
      abi: [abiEvent],
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    return {
      id: eventId(log.txHash, log.logIndex),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTime: log.blockTime ?? new Date(0),
      txHash: log.txHash,
      logIndex: log.logIndex,
      contract: source.contract,
      eventName: decoded.eventName as string,
      args: (decoded.args ?? {}) as Record<string, unknown>,
    };
  }
}
