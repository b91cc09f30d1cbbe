import { userProfileSchema } from "@farm/core";
import type { FastifyInstance } from "fastify";
import { fillCached, forgetAllCached, forgetCached } from "../../adapters/cache/forgettable";
import type { Session } from "../../types";
import { profileKey } from "./profile-key";
import { buildProfile } from "./profile-parts";

/** What the cached profile uses: the cache, and the database to build it. */
export type ProfileCacheDeps = Pick<FastifyInstance, "cache" | "db">;

/**
 * GET /api/user/profile is the most requested endpoint; its parts read the database. The composed profile is kept
 * for two seconds as checked JSON, which absorbs polling and skips re-serialising it; any write by the wallet (and
 * any identity change) drops it at once.
 */
export const profileTtlMs = 2_000;

/**
 * The wallet's profile as JSON text, validated against userProfileSchema when it was composed. `prefetched` is the
 * cache's value as the request's first cache round trip read it (the rate-limit hook, `prefetchProfile`): null when
 * nothing was cached, undefined when it was not read.
 */
export async function cachedProfileJson(
  app: ProfileCacheDeps,
  session: Session,
  prefetched?: string | null,
): Promise<string> {
  const cached = prefetched !== undefined ? prefetched : await app.cache.get(profileKey(session.address));
  if (cached !== null) return cached;
  return fillCached(app.cache, profileKey(session.address), profileTtlMs, async () => {
    const json = JSON.stringify(userProfileSchema.parse(await buildProfile(app, session)));
    return { value: json, text: json };
  });
}

/** Drops the wallet's cached profile once a write that changes it has committed (see forgetCached). */
export async function forgetProfile(app: Pick<ProfileCacheDeps, "cache">, address: string): Promise<void> {
  await forgetCached(app.cache, profileKey(address));
}

/**
 * Drops the cached profiles of every wallet a committed batch of game writes moved, in one cache round trip (the
 * commands of one tick are pipelined). A cache that fails is logged, not thrown: the writes have committed, and a
 * cached profile lives two seconds.
 */
export async function forgetProfiles(
  app: Pick<FastifyInstance, "cache" | "log">,
  addresses: Iterable<string>,
): Promise<void> {
  await forgetAllCached(app.cache, [...addresses].map(profileKey)).catch((error: unknown) =>
    app.log.warn({ err: error }, "cached profiles not dropped"),
  );
}
