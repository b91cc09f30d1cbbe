import { farmNftAbi, farmVaultAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import {
  type Abi,
  type AbiEvent,
  type AbiParameter,
  decodeEventLog,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
} from "viem";
import { describe, expect, it } from "vitest";
import { farmMarketAbi } from "../market-abi";
import { FarmLogDecoder, reviveEvent } from "./decode";
import { argsToJson, type FarmAddresses, type FarmContractName } from "./events";

const addresses: FarmAddresses = {
  goldToken: "0x00000000000000000000000000000000000000A1",
  goldFaucet: "0x00000000000000000000000000000000000000a2",
  farmNft: "0x00000000000000000000000000000000000000A3",
  farmVault: "0x00000000000000000000000000000000000000a4",
  farmMarket: "0x00000000000000000000000000000000000000A5",
};
const abis: Record<FarmContractName, Abi> = {
  goldToken: goldTokenAbi,
  goldFaucet: goldFaucetAbi,
  farmNft: farmNftAbi,
  farmVault: farmVaultAbi,
  farmMarket: farmMarketAbi,
};

/** A value of an ABI type as viem gives it: integers of at most 48 bits as numbers, wider ones as bigints. */
function sample(type: string, n: number): unknown {
  if (type.endsWith("[]")) return [sample(type.slice(0, -2), n), sample(type.slice(0, -2), n + 1)];
  if (type === "address") return "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  if (type === "bool") return n % 2 === 0;
  if (type === "string") return `reason ${n}`;
  if (type === "bytes32") return `0x${String(n).repeat(64).slice(0, 64)}`;
  const bits = Number(type.replace(/^u?int/, "")) || 256;
  const value = (2n ** BigInt(bits) - 1n) / BigInt(n + 2);
  return bits <= 48 ? Number(value) : value;
}

const cases = (Object.keys(abis) as FarmContractName[]).flatMap((contract) =>
  abis[contract]
    .filter((item): item is AbiEvent => item.type === "event")
    .map((event) => ({ contract, event })),
);

describe("FarmLogDecoder", () => {
  const decoder = new FarmLogDecoder(addresses);

  it.each(cases.map((c) => [`${c.contract}.${c.event.name}`, c] as const))(
    "decodes %s exactly as viem's decodeEventLog types it, and revives it from its stored JSON",
    (_, { contract, event }) => {
      const args = Object.fromEntries(
        event.inputs.map((input: AbiParameter, n) => [input.name ?? String(n), sample(input.type, n)]),
      );
      const indexed = event.inputs.filter((input) => input.indexed);
      const data = event.inputs.filter((input) => !input.indexed);
      const topics = encodeEventTopics({
        abi: [event],
        eventName: event.name,
        args: Object.fromEntries(indexed.map((input) => [input.name, args[input.name ?? ""]])),
      } as never) as Hex[];
      const log = {
        address: (addresses[contract] as string).toLowerCase(),
        topics,
        data: encodeAbiParameters(
          data,
          data.map((input) => args[input.name ?? ""]),
        ),
        blockNumber: 7,
        blockHash: `0x${"ab".repeat(32)}` as Hex,
        txHash: `0x${"CD".repeat(32)}` as Hex,
        logIndex: 3,
        blockTime: new Date(7000),
      };
      const decoded = decoder.decode(log);
      const viemDecoded = decodeEventLog({ abi: [event], data: log.data, topics: log.topics as [Hex] });
      // viem gives no args for an event without inputs; the index stores {} for it.
      const expected = { args: viemDecoded.args ?? {} };
      expect(decoded).toMatchObject({
        id: `0x${"cd".repeat(32)}:3`,
        contract,
        eventName: event.name,
        blockNumber: 7,
      });
      expect(decoded?.args).toEqual(expected.args);

      // A reorg replays survivors from chain_events: the stored JSON revives to the same typed args.
      if (!decoded) return;
      const stored = JSON.parse(JSON.stringify(argsToJson(decoded.args)));
      expect(reviveEvent(decoded, contract, event.name, stored)?.args).toEqual(expected.args);
    },
  );

  it("ignores logs of other addresses, unknown events and truncated data", () => {
    const [transfer] = goldTokenAbi.filter((item) => item.type === "event" && item.name === "Transfer");
    const topics = encodeEventTopics({
      abi: goldTokenAbi,
      eventName: "Transfer",
      args: { from: addresses.farmNft, to: addresses.farmVault },
    }) as Hex[];
    const base = {
      topics,
      data: encodeAbiParameters([{ type: "uint256" }], [5n]),
      blockNumber: 1,
      blockHash: "0x01" as Hex,
      txHash: "0x02" as Hex,
      logIndex: 0,
      blockTime: null,
    };
    expect(transfer).toBeDefined();
    expect(decoder.decode({ ...base, address: addresses.goldToken })?.args).toEqual({
      from: addresses.farmNft,
      to: addresses.farmVault,
      value: 5n,
    });
    expect(decoder.decode({ ...base, address: "0x00000000000000000000000000000000000000ff" })).toBeNull();
    expect(decoder.decode({ ...base, address: addresses.goldFaucet })).toBeNull();
    expect(decoder.decode({ ...base, address: addresses.goldToken, data: "0x05" })).toBeNull();
    expect(reviveEvent(base as never, "goldToken", "NoSuchEvent", {})).toBeNull();
  });

  it("asks for FarmMarket's logs only when the deployment has one (the market is off otherwise)", () => {
    const { farmMarket, ...withoutMarket } = addresses;
    expect(decoder.addresses).toContain(farmMarket?.toLowerCase());
    const off = new FarmLogDecoder(withoutMarket);
    expect(off.addresses).toHaveLength(4);
    const topics = encodeEventTopics({
      abi: farmMarketAbi,
      eventName: "NonceCancelled",
      args: { signer: addresses.farmNft },
    }) as Hex[];
    const log = {
      address: farmMarket as string,
      topics,
      data: encodeAbiParameters([{ type: "uint256" }], [9n]),
      blockNumber: 1,
      blockHash: "0x01" as Hex,
      txHash: "0x02" as Hex,
      logIndex: 0,
      blockTime: null,
    };
    expect(decoder.decode(log)).toMatchObject({ contract: "farmMarket", args: { nonce: 9n } });
    expect(off.decode(log)).toBeNull();
  });
});
