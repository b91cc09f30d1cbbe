import { isIPv4, isIPv6 } from "node:net";
import { errorCodes } from "@farm/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MemoryCacheStore } from "../adapters/cache";
import { AppError } from "../errors";
import { outageOf } from "../errors/dependency";
import { identityKeyPrefix } from "../services/auth/identity";
import { plausibleSessionId, sessionKey } from "../services/auth/sessions";
import { profileKeyPrefix } from "../services/profile/profile-key";
import { sessionCookie } from "./auth";
import { canonicalPath } from "./request-path";

const windowMs = 60_000;

interface Bucket {
  name: string;
  perMinute: number;
}

/** Issuing nonces and checking signatures are what sign-in abuse hammers; session reads and logout are not. */
const signInPaths = new Set(["/api/auth/nonce", "/api/auth/verify"]);

/**
 * The path a request is limited by: the route the router matched (it decodes the URL, so `/%61pi/auth/nonce` is the
 * route `/api/auth/nonce`), or for a request no route matches, its path decoded, dot segments resolved, slashes
 * collapsed and lower-cased, so no spelling of a path reaches a budget other than the route's.
 */
export function limitedPath(request: Pick<FastifyRequest, "url" | "routeOptions">): string {
  return request.routeOptions.url ?? canonicalPath(request.url);
}

/**
 * Who a client is for its IP budget: an IPv4 address as it is (an IPv4-mapped IPv6 address, `::ffff:a.b.c.d`, is that
 * IPv4 address), an IPv6 address by its /64 prefix: a subscriber is given a /64 or more and may use any address in
 * it, so counting single addresses gave one client 2^64 budgets. Anything else (no address at all) as it is.
 */
export function clientKey(ip: string): string {
  const address = ip.replace(/%.*$/, "");
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const [first, last] = [parse(head), parse(tail ?? "")];
  return tail === undefined ? first : [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
}

/**
 * Sign-in and registration are the abuse targets, so they get the strict limit; session reads, which every page load
 * makes, fall under the general limit; health and readiness stay unlimited for probes (a load balancer's 429 would
 * take a healthy instance out of service; concurrent probes share one check, `checkHealth`).
 */
function bucketOf(request: FastifyRequest, limits: FastifyInstance["config"]["rateLimits"]): Bucket | null {
  const path = limitedPath(request);
  if (!path.startsWith("/api/") || path === "/api/health" || path === "/api/health/ready") return null;
  if (signInPaths.has(path)) return { name: "auth", perMinute: limits.authPerMinute };
  if (path === "/api/farmers/register") return { name: "register", perMinute: limits.authPerMinute };
  return { name: "general", perMinute: limits.generalPerMinute };
}

/**
 * One-minute windows, each starting at its counter's first request (the counter expires a minute after it is made; a
 * window aligned to the clock's minutes made a burst's count depend on the second it started), counted in the cache
 * store so the limit holds across instances: per wallet once a request carries a live session (so users behind one
 * proxy or NAT do not share a bucket), per client IP before (the IP as TRUST_PROXY_HOPS reads it; IPv6 by its /64,
 * `clientKey`). Sign-in is always counted per IP. Every 429 carries Retry-After.
 *
 * Without Redis the limits are counted in this process's memory instead (each instance then enforces the limit on its
 * own share of the traffic); the request goes on, so public reads keep working during a cache outage while routes
 * that need a session answer 503.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("sessionPrefetch", null);
  const fallback = new MemoryCacheStore();
  app.addHook("onClose", () => fallback.close());
  app.addHook("onRequest", async (request, reply) => {
    const bucket = bucketOf(request, app.config.rateLimits);
    if (bucket === null) return;
    const counter = `rate:${bucket.name}:ip:${clientKey(request.ip)}`;
    const walletCounterPrefix = bucket.name === "auth" ? undefined : `rate:${bucket.name}:wallet:`;
    const sessionId = request.cookies[sessionCookie];
    let counted: { count: number; ttlMs: number };
    try {
      if (sessionId !== undefined && plausibleSessionId(sessionId)) {
        // A signed-in request also needs its session and identity (the profile route its cached profile too): read
        // them in the same round trip.
        const withProfile = request.routeOptions.config.prefetchProfile === true;
        const read = await app.cache.incrementAndReadLinked(counter, windowMs, sessionKey(sessionId), {
          prefixes: withProfile ? [identityKeyPrefix, profileKeyPrefix] : [identityKeyPrefix],
          walletCounterPrefix,
        });
        counted = read;
        const [identity = null, profile = null] = read.linked;
        request.sessionPrefetch = withProfile
          ? { session: read.value, identity, profile }
          : { session: read.value, identity };
      } else counted = await app.cache.increment(counter, windowMs);
    } catch (error) {
      const outage = outageOf(error);
      if (outage === null) throw error;
      app.outages.failed(outage.dependency, outage.code);
      counted = await fallback.increment(counter, windowMs);
    }
    if (counted.count > bucket.perMinute) {
      const retryAfter = Math.max(1, Math.ceil(counted.ttlMs / 1000));
      reply.header("Retry-After", String(retryAfter));
      throw new AppError(429, errorCodes.rateLimited, `Too many requests; try again in ${retryAfter} s`, {
        limit: bucket.perMinute,
        windowSeconds: windowMs / 1000,
      });
    }
  });
});
