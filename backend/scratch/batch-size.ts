import pg from "pg";
import { getAddress } from "viem";
import { gardenSlugs, seed } from "../../bench/src/game-seed";
import { connectDatabase } from "../src/adapters/db/connect";
import { runWateringBatch } from "../src/services/game/water";
import { runHelpBatch } from "../src/services/neighbours/helps";

const name = `farm_scratch_${Date.now()}`;
const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/test" });
await admin.connect();
await admin.query(`create database ${name}`);
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const conn = await connectDatabase({ databaseUrl: url, dataDir: "", poolSize: 1 });
if (process.env.EXPLAIN)
  (conn.db as any).$client.on("connect", (client: any) => {
    client.query(
      "load 'auto_explain'; set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on; set auto_explain.log_timing = off",
    );
  });
const INVESTORS = 10_000,
  CROPS = 50_000;
const investors = Array.from({ length: INVESTORS }, (_, i) =>
  getAddress(`0x${(i + 1).toString(16).padStart(40, "0")}`),
);
const c = new pg.Client({ connectionString: url });
await c.connect();
await seed(c, investors, CROPS);
const slugs = await gardenSlugs(c, investors);
if (process.env.DDL) await c.query(process.env.DDL);
await c.query("vacuum analyze");
await c.end();
const now = new Date();
const clock = { chainNow: now, wallNow: now };
let crop = 0;
const kind = process.env.KIND ?? "water";
let helper = 0;
for (const size of (process.env.SIZES ?? "1,4,8,16,32,64").split(",").map(Number)) {
  const n = Math.max(20, Math.floor(2000 / size));
  const times: number[] = [];
  for (let b = 0; b < n; b++) {
    const t0 = performance.now();
    if (kind === "water") {
      const reqs = Array.from({ length: size }, () => {
        const t = ++crop;
        return { address: investors[(t - 1) % INVESTORS]!, tokenId: BigInt(t) };
      });
      await runWateringBatch(conn.db, reqs, clock);
    } else {
      const reqs = Array.from({ length: size }, () => {
        const h = (helper++ * 7919) % INVESTORS;
        return { helper: investors[h]!, slug: slugs[(h + 3331) % INVESTORS]! };
      });
      await runHelpBatch(conn.db, reqs, clock);
    }
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const med = times[Math.floor(times.length / 2)]!;
  console.log(
    `${kind} size ${size}: median ${med.toFixed(2)} ms, per request ${((med * 1000) / size).toFixed(0)} us (${n} batches)`,
  );
}
await conn.close();
if (!process.env.KEEP) await admin.query(`drop database ${name} with (force)`);
else console.log("kept", name);
await admin.end();
