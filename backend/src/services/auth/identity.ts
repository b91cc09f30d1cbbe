import type { Role } from "@farm/core";
import type { FastifyBaseLogger } from "fastify";
import type { Address } from "viem";
import type { CacheStore } from "../../adapters/cache";
import { fillCached, forgetCached } from "../../adapters/cache/forgettable";
import type { Database } from "../../adapters/db/database";
import { type FarmerSummary, findFarmerSummary } from "../farmers/farmer-summary";
import { profileKey } from "../profile/profile-key";
import { type AdminSource, isAdmin } from "./admin-role";

export interface Identity {
  roles: Role[];
  farmer: FarmerSummary | null;
}

/** Roles change rarely; a short cache keeps every request from reading the chain and the database. */
export const identityTtlMs = 30_000;
/** When the chain cannot answer, retry soon rather than trusting a guess for long. */
const degradedTtlMs = 5_000;
/** Identities are cached under this prefix and the lower-case address. */
export const identityKeyPrefix = "identity:";
const identityKey = (address: string) => `${identityKeyPrefix}${address.toLowerCase()}`;

/** Who a wallet is: its roles (investor always, farmer once registered, admin by ADMIN_ROLE) and farmer record. */
export class IdentityService {
  constructor(
    private readonly deps: { db: Database; cache: CacheStore; admins: AdminSource; log: FastifyBaseLogger },
  ) {}

  /** `cached` is the identity's cache value when the caller already read it; otherwise it is read here. */
  async get(address: Address, prefetched?: string | null): Promise<Identity> {
    const cached = prefetched === undefined ? await this.deps.cache.get(identityKey(address)) : prefetched;
    if (cached !== null) return JSON.parse(cached) as Identity;
    return fillCached(this.deps.cache, identityKey(address), identityTtlMs, async () => {
      let ttlMs = identityTtlMs;
      const [admin, farmer] = await Promise.all([
        isAdmin(address, this.deps.admins).catch((error: unknown) => {
          this.deps.log.warn({ err: error }, "could not read ADMIN_ROLE from the chain");
          ttlMs = degradedTtlMs;
          return false;
        }),
        findFarmerSummary(this.deps.db, address),
      ]);
      const roles: Role[] = ["investor"];
      if (farmer !== null) roles.push("farmer");
      if (admin) roles.push("admin");
      const identity: Identity = { roles, farmer };
      return { value: identity, text: JSON.stringify(identity), ttlMs };
    });
  }

  /** Call after anything that changes a wallet's farmer record, so the next request sees it. */
  async invalidate(address: string): Promise<void> {
    await Promise.all([
      forgetCached(this.deps.cache, identityKey(address)),
      forgetCached(this.deps.cache, profileKey(address)),
    ]);
  }
}
