import { createPublicClient, createWalletClient, defineChain, type Hex, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type NonceLock, type OperatorObserver, OperatorWallet } from "../operator";

export interface ChainClientOptions {
  rpcUrl: string;
  chainId: number;
  /** Key of the OPERATOR_ROLE signer; without it the backend reads but cannot submit invoices. */
  operatorPrivateKey: Hex | undefined;
  /** How long one RPC call may take. */
  requestTimeoutMs?: number;
  /** How long to wait for an operator transaction's receipt before reporting it dropped. */
  receiptTimeoutMs?: number;
  /** Shared by every instance that signs with the operator key (see OperatorWallet); none for a single process. */
  nonceLock?: NonceLock;
  /** Fee settings of the network preset for the operator's transactions (viem's defaults otherwise). */
  fees?: { baseFeeMultiplier: number; maxPriorityFeePerGas: bigint };
  /** Receives the operator's pending transactions and nonce waits (metrics). */
  operatorObserver?: OperatorObserver;
}

export interface ChainClients {
  publicClient: PublicClient;
  operator: OperatorWallet | null;
}

export function createChainClients(options: ChainClientOptions): ChainClients {
  const chain = defineChain({
    id: options.chainId,
    name: `chain-${options.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
    ...(options.fees ? { fees: options.fees } : {}),
  });
  const transport = http(options.rpcUrl, {
    timeout: options.requestTimeoutMs ?? 10_000,
    retryCount: 1,
    // The indexer sizes its eth_getLogs ranges itself; viem's 10 MB default would refuse a dense first range.
    maxResponseBodySize: 256 * 1024 * 1024,
  });
  // Polling fast keeps receipts on a local chain quick; on an L2 blocks come every second or two anyway.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 });
  if (!options.operatorPrivateKey) return { publicClient, operator: null };
  const account = privateKeyToAccount(options.operatorPrivateKey);
  const walletClient = createWalletClient({ chain, transport, account });
  return {
    publicClient,
    operator: new OperatorWallet(
      publicClient,
      walletClient,
      account,
      options.receiptTimeoutMs ?? 60_000,
      options.nonceLock,
      options.operatorObserver,
    ),
  };
}
