import { type Chain, defineChain } from "viem";

/** The viem chain of a local anvil node (tests, benchmarks, the e2e stack): its id and RPC URL, nothing else. */
export function anvilChain(node: { chainId: number; rpcUrl: string }, name = "anvil"): Chain {
  return defineChain({
    id: node.chainId,
    name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  });
}
