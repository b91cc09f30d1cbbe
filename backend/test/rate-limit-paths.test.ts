import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitedPath } from "../src/plugins/rate-limit";
import { startTestApp, type TestApp, testBackends } from "./helpers";

/** Every other spelling of a path an attacker may try: the router or the limiter must read each as the route. */
function spellings(path: string): string[] {
  const [, first = "", ...rest] = path.split("/");
  const tail = rest.join("/");
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    `/${encodedFirst}/${tail}`,
    `/${encodedFirst.replace("%", "%25")}/${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    path
      .replace(/[a-z]/, (letter) => letter.toUpperCase())
      .replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`),
    `/${first}/x/../${tail}`,
    `/${first}/./${tail}`,
    `/${first}/${tail}/`,
    `//${first}//${tail}`,
    path.replaceAll("/", "%2F"),
    `${path}?x=1`,
  ];
}

describe("limitedPath", () => {
  it("reads every spelling of an unmatched path as the canonical one", () => {
    for (const spelling of spellings("/api/auth/nonce")) {
      const seen = limitedPath({ url: spelling, routeOptions: {} as never });
      // %2F-joined paths decode to the same route; the leading slash is part of the encoded text.
      expect(seen.replace(/^\/?/, "/")).toBe("/api/auth/nonce");
    }
  });
});

const routes = [
  { method: "GET", path: "/api/auth/nonce", budget: 10 },
  { method: "POST", path: "/api/auth/verify", budget: 10 },
  { method: "POST", path: "/api/farmers/register", budget: 10 },
  { method: "GET", path: "/api/config", budget: 20 },
] as const;

describe.each(testBackends)("rate limits by route on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      env: { RATE_LIMIT_AUTH_PER_MINUTE: "10", RATE_LIMIT_GENERAL_PER_MINUTE: "20" },
    });
  });
  afterAll(() => t.close());

  it.each(routes)("counts every spelling of $method $path in the route's own budget", async (route) => {
    const ip = `198.51.100.${routes.indexOf(route) + (kind === "embedded" ? 10 : 20)}`;
    const send = (url: string) =>
      t.app.inject({
        method: route.method,
        url,
        remoteAddress: ip,
        payload: route.method === "POST" ? {} : undefined,
      });
    const variants = spellings(route.path);
    // The budget spent by the other spellings only...
    const spent = [];
    for (let i = 0; i < route.budget; i++)
      spent.push((await send(variants[i % variants.length]!)).statusCode);
    expect(spent).not.toContain(429);
    // ...leaves nothing for the route itself, nor for any spelling.
    expect((await send(route.path)).statusCode).toBe(429);
    for (const variant of variants)
      expect([variant, (await send(variant)).statusCode]).toEqual([variant, 429]);
  });
});
