import { createServer, type Server, Socket } from "node:net";

/**
 * How the proxy treats connections: `up` forwards them, `refuse` resets every open and new connection at once (a
 * server that is down), `blackhole` accepts but never answers (a server that hangs or a network that drops packets).
 */
export type ProxyMode = "up" | "refuse" | "blackhole";

export interface TcpProxy {
  /** Port on 127.0.0.1 the proxy listens on. */
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  rewrite(url: string): string;
  /** Switches the mode; leaving `up` resets every connection the proxy holds. */
  set(mode: ProxyMode): void;
  readonly mode: ProxyMode;
  /** Connections accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

/**
 * A TCP proxy a test controls, in front of PostgreSQL, Redis or an RPC node, so an outage is made for real (the
 * client's connections break and new ones fail) without touching the shared service.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = "up";
  let accepted = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    socket.on("error", () => {});
  };
  const server: Server = createServer((client) => {
    accepted += 1;
    track(client);
    if (mode === "refuse") {
      client.resetAndDestroy();
      return;
    }
    if (mode === "blackhole") {
      client.pause();
      return;
    }
    const upstream = new Socket();
    track(upstream);
    upstream.connect(target.port, target.host);
    client.pipe(upstream);
    upstream.pipe(client);
    const cut = () => {
      if (!client.destroyed) client.resetAndDestroy();
      if (!upstream.destroyed) upstream.resetAndDestroy();
    };
    client.once("close", cut);
    upstream.once("close", cut);
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("proxy has no port");
  const port = address.port;
  return {
    port,
    rewrite(url: string) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    set(next: ProxyMode) {
      mode = next;
      if (next !== "up") for (const socket of open) if (!socket.destroyed) socket.resetAndDestroy();
    },
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
