import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The lowest port handed out: above the well-known and most registered services' ports. */
const lowestPort = 16_384;

/**
 * The ports a test may take without racing the kernel: below its ephemeral range (Linux's
 * `ip_local_port_range`, 32768-60999 by default). A port the kernel gives for `listen(0)` comes from that range, and
 * so does the local port of every outgoing connection: a port picked that way and bound a few seconds later (a stack
 * that deploys contracts before its backend listens) can meanwhile be the local end of some connection, and the bind
 * fails with EADDRINUSE. Below the range only explicit listeners compete, and they check the port as this does.
 * Null where the range cannot be read or leaves no room: the kernel's choice is used then.
 */
function portsBelowEphemeral(): { from: number; to: number } | null {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    return low !== undefined && low - lowestPort >= 1_024 ? { from: lowestPort, to: low - 1 } : null;
  } catch {
    return null;
  }
}

const range = portsBelowEphemeral();
/** Ports this process handed out already: two stacks of one run never get the same one. */
const handedOut = new Set<number>();

/** Resolves with the port once it could be bound (and closed again) on 127.0.0.1; null when it is taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" || error.code === "EACCES" ? resolve(null) : reject(error),
    );
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === "string") {
        server.close();
        reject(new Error("could not read the port the kernel gave"));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1, so parallel suites never collide: a random one below the kernel's ephemeral range
 * that could be bound just now (see portsBelowEphemeral), never one this process handed out before; the kernel's
 * choice where that range is unknown.
 */
export async function getFreePort(): Promise<number> {
  if (range) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const candidate = range.from + Math.floor(Math.random() * (range.to - range.from + 1));
      if (handedOut.has(candidate)) continue;
      handedOut.add(candidate);
      if ((await tryPort(candidate)) !== null) return candidate;
    }
  }
  for (;;) {
    const port = await tryPort(0);
    if (port !== null && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
