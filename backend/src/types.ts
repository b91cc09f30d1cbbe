import type { Role } from "@farm/core";
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";
import type { CacheStore } from "./adapters/cache";
import type { Database } from "./adapters/db/database";
import type { ObjectStorage } from "./adapters/storage";
import type { AppConfig } from "./config";
import type { ContractAddresses } from "./deployment";
import type { IdentityService } from "./services/auth/identity";
import type { FarmerSummary } from "./services/farmers/farmer-summary";

/** The signed-in wallet of a request, set by `app.authenticate`. */
export interface Session {
  /** Checksummed address. */
  address: `0x${string}`;
  roles: Role[];
  /** The wallet's farmer record in short, null when it never registered (from the same cached identity). */
  farmer: FarmerSummary | null;
  /** The id behind the session cookie (never logged). */
  id: string;
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    cache: CacheStore;
    storage: ObjectStorage;
    /** Addresses of the deployed contracts, null when none are deployed on the configured chain. */
    contracts: ContractAddresses | null;
    /** Roles and farmer record of a wallet, cached briefly. */
    identity: IdentityService;
    /** preHandler: 401 unless signed in; sets `request.session`. */
    authenticate: preHandlerHookHandler;
    /** The request's live session, or null (no cookie, or an ended session): for public routes. */
    optionalSession(request: FastifyRequest, reply: FastifyReply): Promise<Session | null>;
    /** preHandler: 401 unless signed in, 403 unless the wallet holds `role`. */
    requireRole(role: Role): preHandlerHookHandler;
  }
  interface FastifyRequest {
    session: Session | null;
    /**
     * The session's and its wallet's identity's cache values, read by the rate-limit hook together with the request's
     * count (one cache round trip); null when that hook did not read them.
     */
    sessionPrefetch: {
      session: string | null;
      identity: string | null;
      /** The wallet's cached profile JSON, on a route whose config asks for it (`prefetchProfile`); else absent. */
      profile?: string | null;
    } | null;
  }
  interface FastifyContextConfig {
    /** The rate-limit hook also reads the session wallet's cached profile in its one cache round trip. */
    prefetchProfile?: boolean;
    /**
     * The route drops the cached profiles its write changed itself (a batch of game writes, once per batch, every
     * wallet it moved), so profileCachePlugin does not drop the session wallet's again.
     */
    forgetsProfiles?: boolean;
  }
}
