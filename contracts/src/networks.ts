import type { Chain } from "viem";
import { anvil, baseSepolia, mantleSepoliaTestnet } from "viem/chains";

/**
 * What Farm needs to know about a chain to deploy on it, index it and show its transactions. The backend's
 * INDEXER_* variables and the deploy script default to these; every one can still be overridden.
 */
export interface NetworkPreset {
  /** NETWORK value that selects the preset. */
  name: string;
  chain: Chain;
  /** Blocks a transaction waits under before the indexer and the apps treat it as final. */
  confirmations: number;
  /** Most blocks one eth_getLogs call may span on the network's public RPC. */
  logRangeLimit: number;
  /** Target time between blocks, milliseconds; the indexer polls at this pace. */
  blockTimeMs: number;
  /** Deepest reorganisation worth surviving: the indexer keeps this many block hashes behind its cursor. */
  reorgDepth: number;
  gas: {
    /** Multiplier of the latest base fee a transaction is willing to pay (viem's `baseFeeMultiplier`). */
    baseFeeMultiplier: number;
    /** Tip offered to the sequencer, wei per gas; L2 sequencers order by it only under congestion. */
    maxPriorityFeePerGas: bigint;
  };
}

/** The preset's viem chain with its fee settings, for wallet clients that sign on it (deploy, backend operator). */
export function chainWithFees(preset: NetworkPreset, rpcUrl?: string): Chain {
  return {
    ...preset.chain,
    ...(rpcUrl ? { rpcUrls: { default: { http: [rpcUrl] } } } : {}),
    fees: {
      baseFeeMultiplier: preset.gas.baseFeeMultiplier,
      maxPriorityFeePerGas: preset.gas.maxPriorityFeePerGas,
    },
  };
}

export type NetworkName = "anvil" | "base-sepolia" | "mantle-sepolia";

export const networkPresets: Record<NetworkName, NetworkPreset> = {
  // Mines on every transaction (or every --block-time seconds): nothing to wait for. Only tests reorganise it (a
  // snapshot reverted), possibly far back, so the indexer keeps many hashes.
  anvil: {
    name: "anvil",
    chain: anvil,
    confirmations: 0,
    logRangeLimit: 5_000,
    blockTimeMs: 1_000,
    reorgDepth: 4_096,
    gas: { baseFeeMultiplier: 1.2, maxPriorityFeePerGas: 1_000_000_000n },
  },
  // OP stack: a 2 s block, and the unsafe head can still move until the batch that holds it lands on L1; 10 blocks
  // (20 s) covers the sequencer reorgs seen in practice. The public RPC refuses eth_getLogs beyond 10,000 blocks
  // and answers slowly long before: 2,000 keeps each call well under its time limit. Twice the base fee rides out a
  // burst of full blocks (the base fee rises at most 12.5 % a block); a tiny tip suffices.
  "base-sepolia": {
    name: "base-sepolia",
    chain: baseSepolia,
    confirmations: 10,
    logRangeLimit: 2_000,
    blockTimeMs: 2_000,
    reorgDepth: 512,
    gas: { baseFeeMultiplier: 2, maxPriorityFeePerGas: 1_000_000n },
  },
  // Mantle v2 (OP stack, MNT as gas): 2 s blocks, a base fee that barely moves and no tip needed; its gas estimates
  // fold in the L1 data fee. Its RPC caps eth_getLogs ranges at 10,000 blocks as well.
  "mantle-sepolia": {
    name: "mantle-sepolia",
    chain: mantleSepoliaTestnet,
    confirmations: 10,
    logRangeLimit: 2_000,
    blockTimeMs: 2_000,
    reorgDepth: 512,
    gas: { baseFeeMultiplier: 1.5, maxPriorityFeePerGas: 0n },
  },
};

export const networkNames = Object.keys(networkPresets) as [NetworkName, ...NetworkName[]];

/** The preset of a chain id, if Farm has one. */
export function networkByChainId(chainId: number): NetworkPreset | undefined {
  return Object.values(networkPresets).find((preset) => preset.chain.id === chainId);
}
