import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey } from "../src/plugins/rate-limit";
import { startTestApp, type TestApp, testBackends } from "./helpers";

describe("clientKey", () => {
  it("counts an IPv6 client by its /64, however the address is written", () => {
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0:0:0:9",
      "2001:db8:1:2::a%eth0",
      "2001:db8:1:2::1.2.3.4",
    ])
      expect([ip, clientKey(ip)]).toEqual([ip, "2001:db8:1:2::/64"]);
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("counts an IPv4 client by its address, mapped into IPv6 or not", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientKey("0:0:0:0:0:ffff:203.0.113.8")).toBe("203.0.113.8");
    // Not mapped: an IPv6 address whose low bits happen to spell an IPv4 one.
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(clientKey("")).toBe("");
    expect(clientKey("unknown")).toBe("unknown");
  });
});

describe.each(testBackends)("the sign-in budget per client on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, env: { RATE_LIMIT_AUTH_PER_MINUTE: "5" } });
  });
  afterAll(() => t.close());

  const nonce = (remoteAddress: string) =>
    t.app.inject({ method: "GET", url: "/api/auth/nonce", remoteAddress }).then((reply) => reply.statusCode);

  it("is one for a whole IPv6 /64, and another /64 has its own", async () => {
    const prefix = kind === "embedded" ? "2001:db8:aa:1" : "2001:db8:bb:1";
    const codes: number[] = [];
    for (let i = 1; i <= 8; i++) codes.push(await nonce(`${prefix}::${i.toString(16)}`));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await nonce(`${prefix}:ffff:ffff:ffff:ffff`)).toBe(429);
    expect(await nonce(`${prefix.replace(/1$/, "2")}::1`)).toBe(200);
  });

  it("is one for an IPv4 address however it arrives", async () => {
    const ip = kind === "embedded" ? "198.51.100.61" : "198.51.100.62";
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(await nonce(i % 2 === 0 ? ip : `::ffff:${ip}`));
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
