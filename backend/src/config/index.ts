import { fileURLToPath } from "node:url";
import { type NetworkPreset, networkByChainId, networkNames, networkPresets } from "@farm/contracts";
import { z } from "zod";
import { addressSchema, type ContractAddresses } from "../deployment";
import { ConfigError } from "./config-error";
import { booleanText } from "./env-values";
import { type InvestorRulesConfig, investorRulesEnv, toInvestorRulesConfig } from "./investor-rules";
import { type InvoiceRulesConfig, invoiceRulesEnv, toInvoiceRulesConfig } from "./invoice-rules";
import { type NotificationsConfig, notificationsEnv, toNotificationsConfig } from "./notifications";
import { productionProblem } from "./production-requirements";
import { type ResilienceConfig, resilienceEnv, toResilienceConfig } from "./resilience";
import { type RupiahConfig, rupiahEnv, rupiahProblems, toRupiahConfig } from "./rupiah";
import { type ServedApp, servedApps, staticAppsEnvShape } from "./static-apps";

const backendDir = fileURLToPath(new URL("../..", import.meta.url));

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));
const hexAddress = /^0x[0-9a-fA-F]{40}$/;
const optionalAddress = optionalText.pipe(addressSchema.optional());
const contractAddressVariables = [
  "GOLD_TOKEN_ADDRESS",
  "GOLD_FAUCET_ADDRESS",
  "FARM_NFT_ADDRESS",
  "FARM_VAULT_ADDRESS",
] as const;

/** Well-known development key so local data stays readable across restarts; production must set its own. */
const developmentEncryptionKey = "6661726d2d6c6f63616c2d646576656c6f706d656e742d6b65792d3332627974";

/** Every environment variable the backend reads, with the local-development default. `.env.example` mirrors it. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    HOST: z.string().default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    DATA_DIR: z.string().default(`${backendDir}data`),
    REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    S3_ENDPOINT: optionalText.pipe(z.url().optional()),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    STORAGE_DIR: z.string().default(`${backendDir}data/storage`),
    RPC_URL: z.url().default("http://127.0.0.1:8545"),
    PUBLIC_RPC_URL: optionalText.pipe(z.url().optional()),
    NETWORK: optionalText.pipe(z.enum(networkNames).optional()),
    CHAIN_ID: optionalText.pipe(z.coerce.number<string>().int().positive().optional()),
    PUBLIC_API_URL: optionalText.pipe(z.url().optional()),
    DEPLOYMENTS_FILE: optionalText,
    GOLD_TOKEN_ADDRESS: optionalAddress,
    GOLD_FAUCET_ADDRESS: optionalAddress,
    FARM_NFT_ADDRESS: optionalAddress,
    FARM_VAULT_ADDRESS: optionalAddress,
    /** FarmMarket, with the four above; unset runs with the seed market off. */
    FARM_MARKET_ADDRESS: optionalAddress,
    MARKET_MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(1000).default(50),
    INDEXER_START_BLOCK: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, "a block number")
        .transform((value) => Number(value))
        .optional(),
    ),
    OPERATOR_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, "a 0x-prefixed 32-byte hex key")
        .optional(),
    ),
    OPERATOR_RECEIPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    ADMIN_ADDRESSES: commaList
      .pipe(z.array(z.string().regex(hexAddress, "a comma list of 0x addresses")))
      .default([]),
    ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, "64 hex characters (32 bytes)")
        .optional(),
    ),
    SIWE_ALLOWED_ORIGINS: commaList
      .pipe(z.array(z.url()).min(1, "at least one origin"))
      .default([
        "http://localhost:5173",
        "http://localhost:5174",
        "http://127.0.0.1:5173",
        "http://127.0.0.1:5174",
      ]),
    ADMIN_ALLOWED_ORIGINS: commaList.pipe(z.array(z.url())).default([]),
    COOKIE_SECURE: optionalText.pipe(booleanText.optional()),
    DEV_WALLET: optionalText.pipe(booleanText.optional()),
    ...rupiahEnv,
    TRUST_PROXY: booleanText.default(false),
    REQUEST_LOGGING: booleanText.default(true),
    INDEXER_ENABLED: booleanText.default(true),
    GAME_TEST_CLOCK: booleanText.default(false),
    INDEXER_CONFIRMATIONS: optionalText.pipe(z.coerce.number<string>().int().min(0).max(1000).optional()),
    INDEXER_POLL_INTERVAL_MS: optionalText.pipe(z.coerce.number<string>().int().min(50).optional()),
    INDEXER_BLOCK_RANGE: optionalText.pipe(z.coerce.number<string>().int().min(1).max(100_000).optional()),
    INDEXER_REORG_DEPTH: optionalText.pipe(z.coerce.number<string>().int().min(1).max(100_000).optional()),
    METRICS_ENABLED: optionalText.pipe(booleanText.optional()),
    RESPONSE_CHECK: optionalText.pipe(booleanText.optional()),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "at least 16 characters").optional()),
    ...staticAppsEnvShape,
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_GENERAL_PER_MINUTE: z.coerce.number().int().positive().default(600),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    ...resilienceEnv,
    ...notificationsEnv,
    ...invoiceRulesEnv,
    ...investorRulesEnv,
  })
  .superRefine((env, ctx) => {
    for (const { path, message } of rupiahProblems(env))
      ctx.addIssue({ code: "custom", path: [path], message });
    const preset = env.NETWORK ? networkPresets[env.NETWORK] : undefined;
    if (preset && env.CHAIN_ID !== undefined && env.CHAIN_ID !== preset.chain.id) {
      ctx.addIssue({
        code: "custom",
        path: ["CHAIN_ID"],
        message: `${env.CHAIN_ID} is not the chain id of NETWORK=${env.NETWORK} (${preset.chain.id})`,
      });
    }
    if (env.NODE_ENV === "production" && env.ENCRYPTION_KEY === undefined) {
      ctx.addIssue({ code: "custom", path: ["ENCRYPTION_KEY"], message: "required in production" });
    }
    if (env.NODE_ENV === "production" && env.ENCRYPTION_KEY?.toLowerCase() === developmentEncryptionKey) {
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEY"],
        message: "the published development key cannot be used in production",
      });
    }
    if (env.NODE_ENV === "production" && env.METRICS_ENABLED === true && env.METRICS_TOKEN === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_TOKEN"],
        message: "required in production with METRICS_ENABLED",
      });
    }
    const addressParts = contractAddressVariables.map((name) => env[name]);
    if (addressParts.some((part) => part !== undefined) && addressParts.some((part) => part === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [contractAddressVariables[addressParts.indexOf(undefined)] ?? "FARM_NFT_ADDRESS"],
        message: `${contractAddressVariables.join(", ")} go together`,
      });
    }
    if (env.FARM_MARKET_ADDRESS !== undefined && addressParts.some((part) => part === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["FARM_MARKET_ADDRESS"],
        message: `FARM_MARKET_ADDRESS goes with ${contractAddressVariables.join(", ")}`,
      });
    }
    const s3Parts = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3Parts.some((part) => part !== undefined) && s3Parts.some((part) => part === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message: "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
  });

/** Names of all variables the backend reads (`.env.example` must list each). */
export const environmentVariables = Object.keys(envSchema.shape);

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface AppConfig extends RupiahConfig {
  env: "development" | "test" | "production";
  host: string;
  port: number;
  logLevel: string;
  /** pretty: pino-pretty lines; json: one JSON object a line; auto: pretty on a terminal, JSON otherwise. */
  logFormat: "auto" | "pretty" | "json";
  /** One log line per request and per response (at info level); off for load tests and very busy instances. */
  requestLogging: boolean;
  /** PostgreSQL URL; undefined runs embedded PGlite in `dataDir` ("memory://" keeps it in memory). */
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections the API holds at once (each in-flight statement needs one). */
  dbPoolSize: number;
  dataDir: string;
  /** Redis URL; undefined uses the in-memory cache store (one instance only). */
  redisUrl: string | undefined;
  /** Key prefix in the cache store, so several apps can share one Redis. */
  cachePrefix: string;
  s3: S3Config | undefined;
  storageDir: string;
  rpcUrl: string;
  publicRpcUrl: string;
  chainId: number;
  /** The chain's preset (NETWORK, or the one of CHAIN_ID); undefined for a chain Farm has no preset for. */
  network: NetworkPreset | undefined;
  /** Public base URL of the API (token metadata links, the FarmNFT URI); default http://HOST:PORT. */
  publicApiUrl: string;
  /** File with the contract addresses (contracts/deployments/<chainId>.json shape). */
  deploymentsFile: string;
  /** Contract addresses given one by one (GOLD_TOKEN_ADDRESS ...); when set they are used instead of the file. */
  contractAddresses: ContractAddresses | undefined;
  operatorPrivateKey: `0x${string}` | undefined;
  /** How long an operator transaction may go without a receipt before it is reported as dropped. */
  operatorReceiptTimeoutMs: number;
  adminAddresses: string[];
  /** 32-byte AES-256-GCM key for NIK, NPWP and bank account numbers. */
  encryptionKey: Buffer;
  /** Origins whose SIWE messages are accepted (scheme + host + port): domain and URI must match one of them. */
  siweAllowedOrigins: string[];
  /** Origins admin routes accept a browser's request from: the farmer portal's (never the investor app's). */
  adminAllowedOrigins: string[];
  cookieSecure: boolean;
  devWallet: boolean;
  trustProxy: boolean;
  /** Test stacks only: POST /api/test/game-clock moves the game's day (streaks, quests, water) forward. */
  gameTestClock: boolean;
  rateLimits: { authPerMinute: number; generalPerMinute: number };
  bodyLimitBytes: number;
  /** Event indexer: blocks to stay behind the head, poll interval, eth_getLogs span; defaults from the network preset. */
  indexer: {
    enabled: boolean;
    confirmations: number;
    pollIntervalMs: number;
    blockRange: number;
    /** Block hashes kept behind the cursor, to find the common ancestor of a reorganisation. */
    reorgDepth: number;
    /** First block to index; undefined takes the deployment file's block, else finds GoldToken's creation block. */
    startBlock: number | undefined;
  };
  /** Timeouts, crash recovery, older encryption keys, proxy hops, API docs (`config/resilience.ts`). */
  resilience: ResilienceConfig;
  /** GET /metrics: off, open (development) or behind `Authorization: Bearer <token>`. */
  metrics: { enabled: boolean; token: string | undefined };
  /** Check every API answer against its documented response (plugins/response-contract.ts); on outside production. */
  responseCheck: boolean;
  /** Built apps the production server serves, each on its own port (empty: API only). */
  apps: ServedApp[];
  /** E-mail (SMTP), the delivery worker and the apps' addresses for links (`notifications/config.ts`). */
  notifications: NotificationsConfig;
  /** Invoice submission limits and the buyer's confirmation link (`config/invoice-rules.ts`). */
  invoiceRules: InvoiceRulesConfig;
  investorRules: InvestorRulesConfig;
  /** The seed market: live orders (listings and offers) one wallet may have in the book at once. */
  market: { maxOpenOrders: number };
}

export { ConfigError };

/** ADMIN_ALLOWED_ORIGINS, else the portal's public address (NOTIFY_PORTAL_URL), as localhost and 127.0.0.1 alike. */
function adminOrigins(configured: readonly string[], portalUrl: string): string[] {
  if (configured.length > 0) return configured.map((origin) => new URL(origin).origin);
  const portal = new URL(portalUrl);
  const local = ["localhost", "127.0.0.1"];
  const hosts = local.includes(portal.hostname) ? local : [portal.hostname];
  return hosts.map((host) => `${portal.protocol}//${host}${portal.port ? `:${portal.port}` : ""}`);
}

/** Reads the environment into an AppConfig; a wrong value throws a ConfigError whose message is one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid environment variable ${variable}: ${issue?.message ?? "invalid"}`);
  }
  const problem = productionProblem(env);
  if (problem) throw new ConfigError(`Invalid environment variable ${problem[0]}: ${problem[1]}`);
  const e = parsed.data;
  const s3 =
    e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined;
  const chainId =
    e.CHAIN_ID ?? (e.NETWORK ? networkPresets[e.NETWORK].chain.id : networkPresets.anvil.chain.id);
  const network = e.NETWORK ? networkPresets[e.NETWORK] : networkByChainId(chainId);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    requestLogging: e.REQUEST_LOGGING,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    cachePrefix: "farm:",
    s3,
    storageDir: e.STORAGE_DIR,
    rpcUrl: e.RPC_URL,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? e.RPC_URL,
    chainId,
    network,
    publicApiUrl: (e.PUBLIC_API_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ""),
    deploymentsFile: e.DEPLOYMENTS_FILE ?? `${backendDir}../contracts/deployments/${chainId}.json`,
    contractAddresses:
      e.GOLD_TOKEN_ADDRESS && e.GOLD_FAUCET_ADDRESS && e.FARM_NFT_ADDRESS && e.FARM_VAULT_ADDRESS
        ? {
            goldToken: e.GOLD_TOKEN_ADDRESS,
            goldFaucet: e.GOLD_FAUCET_ADDRESS,
            farmNft: e.FARM_NFT_ADDRESS,
            farmVault: e.FARM_VAULT_ADDRESS,
            ...(e.FARM_MARKET_ADDRESS ? { farmMarket: e.FARM_MARKET_ADDRESS } : {}),
          }
        : undefined,
    operatorPrivateKey: e.OPERATOR_PRIVATE_KEY as `0x${string}` | undefined,
    operatorReceiptTimeoutMs: e.OPERATOR_RECEIPT_TIMEOUT_MS,
    adminAddresses: e.ADMIN_ADDRESSES.map((address) => address.toLowerCase()),
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? developmentEncryptionKey, "hex"),
    siweAllowedOrigins: e.SIWE_ALLOWED_ORIGINS.map((origin) => new URL(origin).origin),
    adminAllowedOrigins: adminOrigins(e.ADMIN_ALLOWED_ORIGINS, e.NOTIFY_PORTAL_URL),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === "production",
    devWallet: e.DEV_WALLET ?? (e.NODE_ENV !== "production" && chainId === 31337),
    ...toRupiahConfig(e),
    trustProxy: e.TRUST_PROXY,
    // Never in production, whatever the variable says: it changes what day the game thinks it is.
    gameTestClock: e.GAME_TEST_CLOCK && e.NODE_ENV !== "production",
    rateLimits: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      generalPerMinute: e.RATE_LIMIT_GENERAL_PER_MINUTE,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    indexer: {
      enabled: e.INDEXER_ENABLED,
      confirmations: e.INDEXER_CONFIRMATIONS ?? network?.confirmations ?? 0,
      pollIntervalMs: e.INDEXER_POLL_INTERVAL_MS ?? network?.blockTimeMs ?? 1000,
      blockRange: e.INDEXER_BLOCK_RANGE ?? network?.logRangeLimit ?? 2000,
      reorgDepth: e.INDEXER_REORG_DEPTH ?? network?.reorgDepth ?? 4096,
      startBlock: e.INDEXER_START_BLOCK,
    },
    resilience: toResilienceConfig(e),
    metrics: {
      enabled: e.METRICS_ENABLED ?? (e.NODE_ENV !== "production" || e.METRICS_TOKEN !== undefined),
      token: e.METRICS_TOKEN,
    },
    responseCheck: e.RESPONSE_CHECK ?? e.NODE_ENV !== "production",
    apps: servedApps(e),
    notifications: toNotificationsConfig(e),
    invoiceRules: toInvoiceRulesConfig(e),
    investorRules: toInvestorRulesConfig(e),
    market: { maxOpenOrders: e.MARKET_MAX_OPEN_ORDERS },
  };
}
