import { describe, expect, it } from "vitest";
import { startAnvil } from "./anvil";

describe("startAnvil", () => {
  it("starts two chains on distinct free ports and stops them", async () => {
    const [a, b] = await Promise.all([startAnvil(), startAnvil({ chainId: 4242 })]);
    try {
      expect(a.port).not.toBe(b.port);
      const res = await fetch(b.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      expect(((await res.json()) as { result: string }).result).toBe("0x1092");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(a.process.exitCode !== null || a.process.signalCode !== null).toBe(true);
  });
});
