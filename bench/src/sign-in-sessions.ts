import { type CacheStore, createSession, type Database, IdentityService } from "@farm/backend/bench-kit";
import type { FastifyBaseLogger } from "fastify";

/** Only a chain read logs, and the bench's API has no chain: nothing is ever written here. */
const silentLog = { warn: () => {} } as unknown as FastifyBaseLogger;

/**
 * Sessions as POST /api/auth/verify leaves them: the session record, and the wallet's identity (roles, farmer record)
 * loaded and cached by the same IdentityService, so the first requests after sign-in find it as a real user would.
 * Without a SIWE signature per wallet, which would make seeding 10,000 wallets take minutes.
 */
export async function signInSessions(
  cache: CacheStore,
  db: Database,
  addresses: `0x${string}`[],
  batch = 500,
  /** Wallets the backend was started with in ADMIN_ADDRESSES, so their cached identity carries the admin role. */
  adminAddresses: string[] = [],
): Promise<string[]> {
  const identity = new IdentityService({
    db,
    cache,
    log: silentLog,
    admins: { adminAddresses: adminAddresses.map((a) => a.toLowerCase()), chain: undefined },
  });
  const ids: string[] = [];
  for (let i = 0; i < addresses.length; i += batch) {
    const wallets = addresses.slice(i, i + batch);
    ids.push(
      ...(await Promise.all(
        wallets.map(async (address) => {
          const id = await createSession(cache, address);
          await identity.get(address);
          return id;
        }),
      )),
    );
  }
  return ids;
}
