import type { FastifyInstance } from "fastify";
import { ConfigError } from "../config/config-error";

/**
 * The deploy script's check (contracts/scripts/deploy.ts: "RPC_URL serves chain X, not NETWORK (id)") at start-up:
 * RPC_URL must serve the chain the backend is configured for (NETWORK, CHAIN_ID, the deployment file's), or it would
 * index, sign for and report another chain than its contracts'. A ConfigError naming RPC_URL and NETWORK when the node
 * serves another chain; one warning when it does not answer (health then shows the chain down).
 */
export async function checkRpcChain(app: Pick<FastifyInstance, "chain" | "config" | "log">): Promise<void> {
  const { chainId, network } = app.config;
  let served: number;
  try {
    served = await app.chain.publicClient.getChainId();
  } catch {
    app.log.warn(
      { chainId },
      "RPC_URL did not answer eth_chainId at start-up: the chain it serves is unchecked",
    );
    return;
  }
  if (served === chainId) return;
  const wanted = network ? `${network.name} (${chainId})` : `chain ${chainId}`;
  throw new ConfigError(
    `RPC_URL serves chain ${served}, not ${wanted}: point RPC_URL at a node of ${wanted}, or set NETWORK (or CHAIN_ID) to the chain it serves`,
  );
}
