import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { getFreePort } from "./free-port";

const rangeFile = "/proc/sys/net/ipv4/ip_local_port_range";

function listen(port: number): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve(() => new Promise<void>((done) => server.close(() => done()))),
    );
  });
}

describe("getFreePort", () => {
  it("hands out distinct ports that can be bound, even when asked for many at once", async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => getFreePort()));
    expect(new Set(ports).size).toBe(ports.length);
    const closers = await Promise.all(ports.map(listen));
    await Promise.all(closers.map((close) => close()));
  });

  it.runIf(existsSync(rangeFile))(
    "picks below the kernel's ephemeral range, where outgoing connections never bind",
    async () => {
      const [low] = readFileSync(rangeFile, "utf8").trim().split(/\s+/).map(Number);
      const ports = await Promise.all(Array.from({ length: 20 }, () => getFreePort()));
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(16_384);
        expect(port).toBeLessThan(low ?? 0);
      }
    },
  );
});
