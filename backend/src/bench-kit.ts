/**
 * What the benchmarks (`bench/`) drive the backend with besides its HTTP API: seeding, sessions and the indexer's
 * parts, as one package entry (`@farm/backend/bench-kit`) rather than reaches into the backend's folders.
 */
export { type CacheStore, RedisCacheStore } from "./adapters/cache";
export { connectDatabase } from "./adapters/db/connect";
export type { Database } from "./adapters/db/database";
export { createChainClients } from "./chain/adapter";
export { platformChainHooks } from "./chain/hooks/platform";
export { ChainHookRegistry } from "./chain/hooks/registry";
export { copyTextLines } from "./chain/indexer/bulk";
export { ChainIndexer } from "./chain/indexer/indexer";
export { ProcessLock } from "./chain/indexer/lock";
export { encryptField } from "./documents/field-encryption";
export { notifyInvoiceEvents } from "./notifications/chain-producer";
export { chainClockOf, defaultHistoryCutoffMs } from "./notifications/hooks";
export { startSendingOnly } from "./notifications/jobs";
export { IdentityService } from "./services/auth/identity";
export { createSession, deleteSession } from "./services/auth/sessions";
export { gameChainHooks } from "./services/game/hooks";
