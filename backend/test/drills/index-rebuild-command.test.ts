import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabaseUrl } from "@farm/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FarmChain, startFarmChain } from "../chain-fixture";
import { createTestDatabase } from "../helpers";
import { serverExit } from "../server-process";
import { chainEnv, startBackendProcess, stopBackendProcess } from "./backend-process";

/** `npm run index:verify -w backend -- --rebuild` with `env`, as docs/operations.md section 9 runs it. */
const rebuildIndex = (env: Record<string, string>) =>
  serverExit(
    { ...process.env, NODE_ENV: "test", LOG_FORMAT: "json", ...env },
    "src/commands/index-verify.ts",
    ["--rebuild"],
  );

describe.skipIf(!testDatabaseUrl)(
  "drill: index:verify --rebuild beside running instances (PostgreSQL, anvil)",
  { timeout: 180_000 },
  () => {
    let farm: FarmChain;
    let database: { url: string; drop(): Promise<void> };
    let storageDir: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      [farm, database, storageDir] = await Promise.all([
        startFarmChain(),
        createTestDatabase(),
        mkdtemp(join(tmpdir(), "farm-rebuild-")),
      ]);
      env = { ...chainEnv(farm), DATABASE_URL: database.url, STORAGE_DIR: storageDir };
    }, 120_000);

    afterAll(async () => {
      await farm?.stop();
      await database?.drop();
      await rm(storageDir, { recursive: true, force: true });
    });

    it("refuses in one line while an instance indexes, and rebuilds while the instances serve with INDEXER_ENABLED=false", async () => {
      const indexing = await startBackendProcess("indexing", env);
      try {
        // The leader has indexed (and keeps the lock while it runs).
        for (let tries = 0; ; tries++) {
          const health = (await (await fetch(`${indexing.url}/api/health`)).json()) as {
            chain: { indexed: number | null };
          };
          if (health.chain.indexed !== null) break;
          if (tries > 100) throw new Error("the instance never indexed");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const refused = await rebuildIndex(env);
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim().split("\n")).toEqual([
          expect.stringMatching(
            /^index:verify --rebuild: a running instance holds the indexer lock.*INDEXER_ENABLED=false/,
          ),
        ]);
      } finally {
        await stopBackendProcess(indexing);
      }

      const serving = await startBackendProcess("serving", { ...env, INDEXER_ENABLED: "false" });
      try {
        const rebuilt = await rebuildIndex(env);
        expect(rebuilt.stderr).toBe("");
        expect(rebuilt.code).toBe(0);
        const summary = JSON.parse(rebuilt.stdout.trim().split("\n").at(-1) ?? "{}") as {
          identical?: boolean;
        };
        expect(summary.identical).toBe(true);
        expect((await fetch(`${serving.url}/api/health`)).status).toBe(200);
      } finally {
        await stopBackendProcess(serving);
      }
    });
  },
);
