import { type Chain, defineChain } from "viem";
import { type Config, createConfig } from "wagmi";
import { injected } from "wagmi/connectors/injected";
import type { ChainConfig } from "../config/chain-config";
import { devWallet } from "./dev-wallet-connector";
import { httpRpc, type RpcTransport } from "./rpc-transport";

/** The chain as the backend describes it; the name is only for wallets that show one. */
export function chainFromConfig(config: ChainConfig): Chain {
  return defineChain({
    id: config.chainId,
    name: config.devWallet ? "Farm local chain" : `Farm chain ${config.chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
}

/**
 * wagmi config built at runtime from `GET /api/config`. The local dev wallet is offered only on a dev chain.
 * A short polling interval because the local chain mines instantly and people wait for receipts.
 */
export function createFarmWagmiConfig(
  config: ChainConfig,
  options: { defaultDevAccountIndex: number; transport?: RpcTransport },
): Config {
  const chain = chainFromConfig(config);
  const transport = options.transport ?? httpRpc;
  return createConfig({
    chains: [chain],
    connectors: [
      injected(),
      ...(config.devWallet
        ? [devWallet({ chain, defaultAccountIndex: options.defaultDevAccountIndex, transport })]
        : []),
    ],
    transports: { [chain.id]: transport(config.rpcUrl) },
    // Each wallet that announces itself (EIP-6963) gets its own connector, shown with its own name and icon.
    multiInjectedProviderDiscovery: true,
    pollingInterval: config.devWallet ? 500 : 4_000,
  });
}
