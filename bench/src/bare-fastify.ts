/**
 * bench:api's ceiling: a bare Fastify 5 app in its own process that answers GET /api/config with the platform's own
 * config JSON (BARE_CONFIG_JSON) after the same per-request rate-limit call to Redis the platform makes for a
 * signed-out request (the platform's RedisCacheStore and counter key). Nothing else: no hooks, no schema, no logger.
 */
import { RedisCacheStore } from "@farm/backend/bench-kit";
import Fastify from "fastify";

const port = Number(process.env.PORT);
const body = process.env.BARE_CONFIG_JSON ?? "{}";
const cache = new RedisCacheStore(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", "farm:bare:");
const windowMs = 60_000;

const app = Fastify({ logger: false });
app.get("/api/config", async (request, reply) => {
  await cache.increment(`rate:general:ip:${request.ip}`, windowMs);
  reply.header("content-type", "application/json; charset=utf-8");
  return body;
});
await app.listen({ host: "127.0.0.1", port });
process.on("SIGTERM", () => {
  void app.close().then(() => cache.close());
});
