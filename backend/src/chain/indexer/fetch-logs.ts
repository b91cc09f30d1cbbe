import { type Hash, type Hex, hexToNumber, numberToHex, type PublicClient } from "viem";
import type { FetchedLog } from "./decode";

interface RpcLogWithTime {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex | null;
  blockHash: Hash | null;
  transactionHash: Hash | null;
  logIndex: Hex | null;
  blockTimestamp?: Hex | null;
}

/** Blocks whose timestamps are fetched at once when a node leaves `blockTimestamp` out of its logs. */
const HEADER_CONCURRENCY = 16;

/**
 * One `eth_getLogs` for all addresses over [from, to], as raw JSON-RPC (viem's per-log formatting is skipped: the
 * decoder reads the hex fields itself). Block times come from the logs, or from block headers when the node omits them.
 */
export async function fetchLogs(
  client: PublicClient,
  addresses: readonly Hex[],
  fromBlock: number,
  toBlock: number,
): Promise<FetchedLog[]> {
  const raw = (await client.request({
    method: "eth_getLogs",
    params: [{ address: [...addresses], fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }],
  })) as unknown as RpcLogWithTime[];
  // Logs of one block come together: its number and time are parsed once. The logs of one block (and of one
  // transaction) also share one hash string, so the copies JSON.parse made per log die young instead of living on in
  // the decoded events.
  let block: {
    hex: Hex;
    number: number;
    hash: Hash;
    timeHex: Hex | null | undefined;
    time: Date | null;
  } | null = null;
  let txHash: Hash | null = null;
  const logs: FetchedLog[] = raw.map((log) => {
    if (!log.blockNumber || !log.blockHash || !log.transactionHash || log.logIndex === null) {
      throw new Error("eth_getLogs returned a pending log for a mined block range");
    }
    if (
      block?.hex !== log.blockNumber ||
      block.hash !== log.blockHash ||
      block.timeHex !== log.blockTimestamp
    ) {
      block = {
        hex: log.blockNumber,
        number: hexToNumber(log.blockNumber),
        hash: log.blockHash,
        timeHex: log.blockTimestamp,
        time: log.blockTimestamp ? new Date(hexToNumber(log.blockTimestamp) * 1000) : null,
      };
    }
    if (txHash !== log.transactionHash) txHash = log.transactionHash;
    return {
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: block.number,
      blockHash: block.hash,
      txHash,
      logIndex: Number(log.logIndex),
      blockTime: block.time,
    };
  });
  const missing = [...new Set(logs.filter((log) => log.blockTime === null).map((log) => log.blockNumber))];
  if (missing.length === 0) return logs;
  const times = new Map<number, Date>();
  for (let start = 0; start < missing.length; start += HEADER_CONCURRENCY) {
    await Promise.all(
      missing.slice(start, start + HEADER_CONCURRENCY).map(async (blockNumber) => {
        const block = await client.getBlock({ blockNumber: BigInt(blockNumber) });
        times.set(blockNumber, new Date(Number(block.timestamp) * 1000));
      }),
    );
  }
  return logs.map((log) => (log.blockTime ? log : { ...log, blockTime: times.get(log.blockNumber) ?? null }));
}

/** The hash of a block, or null when the chain is shorter than that (after a reorg to a shorter chain). */
export async function blockHashAt(client: PublicClient, blockNumber: number): Promise<Hash | null> {
  if (blockNumber < 0) return null;
  const block = (await client.request({
    method: "eth_getBlockByNumber",
    params: [numberToHex(blockNumber), false],
  })) as { hash: Hash | null } | null;
  return block?.hash ?? null;
}
