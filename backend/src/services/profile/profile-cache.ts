import type { UserProfile } from "@farm/core";
import type { FastifyInstance } from "fastify";
import type { Session } from "../../types";
import { buildProfile } from "./profile-parts";

/**
 * GET /api/user/profile is the most requested endpoint; its parts read the database. Keeping the composed profile
 * for two seconds absorbs polling, while any write by the wallet (and any identity change) drops it at once.
 */
export const profileTtlMs = 2_000;
export const profileKey = (address: string) => `profile:${address.toLowerCase()}`;

export async function cachedProfile(app: FastifyInstance, session: Session): Promise<UserProfile> {
  const cached = await app.cache.get(profileKey(session.address));
  if (cached !== null) return JSON.parse(cached) as UserProfile;
  const profile = await buildProfile(app, session);
  await app.cache.set(profileKey(session.address), JSON.stringify(profile), profileTtlMs);
  return profile;
}

export async function forgetProfile(app: FastifyInstance, address: string): Promise<void> {
  await app.cache.delete(profileKey(address));
}
