import type { FastifyBaseLogger } from "fastify";
import type { ChainRuntime } from "./runtime";

/** How long one reading of the chain head's time is reused: crop lists are read often, blocks come every few seconds. */
export const chainTimeTtlMs = 3_000;

interface Reading {
  chainTime: Date;
  readAtMs: number;
}

const readings = new WeakMap<ChainRuntime, Reading>();
const inFlight = new WeakMap<ChainRuntime, Promise<Date>>();

async function readHead(chain: ChainRuntime, log: FastifyBaseLogger): Promise<Date> {
  try {
    const block = await chain.publicClient.getBlock({ blockTag: "latest" });
    const chainTime = new Date(Number(block.timestamp) * 1000);
    readings.set(chain, { chainTime, readAtMs: Date.now() });
    return chainTime;
  } catch (error) {
    // Crops come from the index, so an RPC hiccup must not hide them: the last head time read stands in.
    const last = readings.get(chain);
    log.warn({ err: error }, "chain head time unavailable; using the last one read or the server clock");
    return last?.chainTime ?? new Date();
  } finally {
    inFlight.delete(chain);
  }
}

/**
 * The time the contracts see: the latest block's timestamp, which differs from the server's clock on an L2 whose
 * clock runs apart or on a test chain whose time was moved. Maturity and harvestability follow it, so the API agrees
 * with what a transaction sent now would find. The server clock stands in only when no contracts are configured.
 */
export function chainNow(chain: ChainRuntime, log: FastifyBaseLogger): Promise<Date> {
  if (chain.addresses === null) return Promise.resolve(new Date());
  const last = readings.get(chain);
  if (last && Date.now() - last.readAtMs < chainTimeTtlMs) return Promise.resolve(last.chainTime);
  const pending = inFlight.get(chain);
  if (pending) return pending;
  const reading = readHead(chain, log);
  inFlight.set(chain, reading);
  return reading;
}
