import type { Role } from "@farm/core";
import type { FastifyBaseLogger } from "fastify";
import type { Address } from "viem";
import type { CacheStore } from "../../adapters/cache";
import { fillCached, forgetCached } from "../../adapters/cache/forgettable";
import type { Database } from "../../adapters/db/database";
import { type FarmerSummary, findFarmerSummary } from "../farmers/farmer-summary";
import { profileKey } from "../profile/profile-key";
import { type AdminSource, holdsAdminRole, isConfiguredAdmin } from "./admin-role";

export interface Identity {
  roles: Role[];
  farmer: FarmerSummary | null;
}

/**
 * Roles change rarely; a short cache keeps every request from reading the chain and the database. Every change is
 * also dropped at once where it happens (registration and review, RoleGranted/RoleRevoked through the role watch),
 * so the lifetime only bounds what a missed drop could leave: for a farmer or an admin (a suspension, a revoked
 * role) 30 s.
 */
export const identityTtlMs = 30_000;
/**
 * A wallet that is neither farmer nor admin: staleness can only withhold a role (a registration or a grant, both
 * dropped where they happen), never keep one, so its identity lives five minutes. Most wallets are such investors;
 * each fill costs a database read and, with a chain, an eth_call to FarmNFT.hasRole.
 */
export const investorIdentityTtlMs = 300_000;

/** How long an identity may be served from the cache (see identityTtlMs and investorIdentityTtlMs). */
export const identityLifetimeMs = (identity: Identity): number =>
  identity.farmer === null && !identity.roles.includes("admin") ? investorIdentityTtlMs : identityTtlMs;
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

  /**
   * `prefetched` is the identity's cache value when the caller already read it; otherwise it is read here. The cache
   * holds what the chain and the database say; the configured admins (ADMIN_ADDRESSES) are added on every read, so a
   * restart with a new list, adding or removing an admin, takes effect at once.
   */
  async get(address: Address, prefetched?: string | null): Promise<Identity> {
    const cached = prefetched === undefined ? await this.deps.cache.get(identityKey(address)) : prefetched;
    const identity = cached !== null ? (JSON.parse(cached) as Identity) : await this.fill(address);
    if (!identity.roles.includes("admin") && isConfiguredAdmin(address, this.deps.admins))
      identity.roles.push("admin");
    return identity;
  }

  private fill(address: Address): Promise<Identity> {
    return fillCached(this.deps.cache, identityKey(address), identityTtlMs, async () => {
      let degraded = false;
      // A configured admin is one whatever the chain says (get adds it): its chain role is not read.
      const [admin, farmer] = await Promise.all([
        (isConfiguredAdmin(address, this.deps.admins)
          ? Promise.resolve(false)
          : holdsAdminRole(address, this.deps.admins)
        ).catch((error: unknown) => {
          this.deps.log.warn({ err: error }, "could not read ADMIN_ROLE from the chain");
          degraded = true;
          return false;
        }),
        findFarmerSummary(this.deps.db, address),
      ]);
      const roles: Role[] = ["investor"];
      if (farmer !== null) roles.push("farmer");
      if (admin) roles.push("admin");
      const identity: Identity = { roles, farmer };
      const ttlMs = degraded ? degradedTtlMs : identityLifetimeMs(identity);
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
