import { http, type Transport } from "wagmi";

/** How the page reaches the chain's RPC node: over HTTP (`httpRpc`); component tests pass one that never does. */
export type RpcTransport = (rpcUrl: string) => Transport;
export const httpRpc: RpcTransport = (rpcUrl) => http(rpcUrl);
