/**
 * What the benchmarks (`bench/`) drive the backend with besides its HTTP API: seeding, sessions and the indexer's
 * parts, as one package entry (`@farm/backend/bench-kit`) rather than reaches into the backend's folders.
 */
export { type CacheStore, RedisCacheStore } from "./adapters/cache";
export { createChainClients } from "./adapters/chain";
export { connectDatabase } from "./adapters/db/connect";
export type { Database } from "./adapters/db/database";
export { copyTextLines } from "./indexer/bulk";
export { ChainHookRegistry } from "./indexer/hooks";
export { ChainIndexer } from "./indexer/indexer";
export { ProcessLock } from "./indexer/lock";
export { notifyInvoiceEvents } from "./notifications/chain-producer";
export { IdentityService } from "./services/auth/identity";
export { createSession, deleteSession } from "./services/auth/sessions";
export { platformChainHooks } from "./services/chain/platform-hooks";
export { encryptField } from "./services/farmers/field-encryption";
export { gameChainHooks } from "./services/game/hooks";
