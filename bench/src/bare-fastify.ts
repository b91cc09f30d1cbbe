/**
 * bench:api's ceilings, in their own process, with nothing of the platform's (no hooks, no schema, no logger, no
 * session):
 * - GET /api/config answers the platform's own config JSON (BARE_CONFIG_JSON) after the same per-request rate-limit
 *   call to Redis the platform makes for a signed-out request (the platform's RedisCacheStore and counter key);
 * - GET /floor/crops/:wallet (with BARE_DATABASE_URL) answers a wallet's crops after the same rate-limit call, from
 *   one statement over `bench_crop_cards`: the platform's own answers stored one pre-rendered JSON card per crop, read
 *   by the wallet's key and joined as they come. No session, no derivation at the chain's clock, no serialisation: no
 *   read of a crop list from the database costs less, so it is the floor under the lists' target.
 */
import { RedisCacheStore } from "@farm/backend/bench-kit";
import Fastify from "fastify";
import pg from "pg";

const port = Number(process.env.PORT);
const body = process.env.BARE_CONFIG_JSON ?? "{}";
const cache = new RedisCacheStore(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", "farm:bare:");
const windowMs = 60_000;
// The platform's default pool size (DB_POOL_SIZE).
const pool = process.env.BARE_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 20 })
  : undefined;

const app = Fastify({ logger: false });
app.get("/api/config", async (request, reply) => {
  await cache.increment(`rate:general:ip:${request.ip}`, windowMs);
  reply.header("content-type", "application/json; charset=utf-8");
  return body;
});
if (pool)
  app.get<{ Params: { wallet: string } }>("/floor/crops/:wallet", async (request, reply) => {
    await cache.increment(`rate:general:ip:${request.ip}`, windowMs);
    // The cards as rows, joined here: cheaper than joining them in PostgreSQL (string_agg), which cost it 93 % of a core.
    const { rows } = await pool.query<[string]>({
      name: "floor_crops",
      text: "select card from bench_crop_cards where holder = $1 order by token_id desc",
      values: [request.params.wallet],
      rowMode: "array",
    });
    reply.header("content-type", "application/json; charset=utf-8");
    return `{"crops":[${rows.map((row) => row[0]).join(",")}],"asOf":"${new Date().toISOString()}"}`;
  });
await app.listen({ host: "127.0.0.1", port });
process.on("SIGTERM", () => {
  void app.close().then(() => Promise.all([cache.close(), pool?.end()]));
});
