import type { ServerOptions } from "node:http";
import type { AppConfig } from "../config";

/**
 * The HTTP server's limits: a client gets `headersTimeoutMs` for its request headers and `requestTimeoutMs` for the
 * whole request, an idle keep-alive connection is closed after `keepAliveTimeoutMs`, and these are checked every
 * second (Node's default is every 30 s, which let a client trickling a byte every 20 s hold a connection for minutes).
 * X-Forwarded-For is trusted for exactly `trustProxyHops` proxies, so a client cannot pick its own address.
 */
export function serverOptions(config: AppConfig): {
  trustProxy: false | ((address: string, hop: number) => boolean);
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const { server, trustProxyHops } = config.resilience;
  return {
    // proxy-addr asks hop by hop, nearest first: the client address is the first hop not trusted.
    trustProxy: trustProxyHops > 0 ? (_address, hop) => hop < trustProxyHops : false,
    keepAliveTimeout: server.keepAliveTimeoutMs,
    requestTimeout: server.requestTimeoutMs,
    http: { headersTimeout: server.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
  };
}
