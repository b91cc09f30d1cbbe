import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "./stub-api";

afterEach(() => vi.unstubAllGlobals());

describe("stubApi", () => {
  it("answers and records the API's calls only; a chain call left retrying by an earlier file fails unrecorded", async () => {
    const calls = stubApi(() => new Response("{}", { status: 200 }));
    const chain = fetch("http://127.0.0.1:1/", { method: "POST", body: '{"method":"eth_call"}' });
    await expect(chain).rejects.toThrow(TypeError);
    expect((await fetch("/api/stats")).status).toBe(200);
    await fetch("/api/invoices", { method: "POST", body: '{"amount":"1"}' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/stats",
      "POST /api/invoices",
    ]);
    expect(calls[1]?.init?.body).toBe('{"amount":"1"}');
  });
});
