import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { connectDatabase, migrationLockKey, migrationsFolder } from "../../src/adapters/db/connect";
import { queryRows } from "../../src/adapters/db/database";
import { createTestDatabase, startTestApp } from "../helpers";

/** Holds the migration lock on `url` from a connection of its own, as an instance in the middle of a migration does. */
async function holdMigrationLock(url: string): Promise<{ release(): Promise<number> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
  return {
    async release() {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]);
      const releasedAt = Date.now();
      await client.end();
      return releasedAt;
    },
  };
}

describe.runIf(testDatabaseUrl)("drill: an instance starts during another's long migration", () => {
  it("waits past Fastify's 10 s plugin timeout and the statement timeout, then starts", async () => {
    const database = await createTestDatabase();
    try {
      // Instance A is migrating: it holds the lock for longer than the 10 s plugin timeout.
      const lock = await holdMigrationLock(database.url);
      const releasing = new Promise<number>((resolve, reject) => {
        setTimeout(() => lock.release().then(resolve, reject), 11_500);
      });
      // Instance B starts with a 1 s statement timeout: neither limit may cut its wait short.
      const started = startTestApp({ env: { DATABASE_URL: database.url, DB_STATEMENT_TIMEOUT_MS: "1000" } });
      const b = await started;
      const readyAt = Date.now();
      const releasedAt = await releasing;
      try {
        expect(readyAt).toBeGreaterThanOrEqual(releasedAt);
        expect((await b.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      } finally {
        await b.close();
      }
    } finally {
      await database.drop();
    }
  }, 45_000);

  it("completes a migration that runs longer than the statement timeout", async () => {
    const database = await createTestDatabase();
    const folder = await mkdtemp(join(tmpdir(), "farm-migrations-"));
    try {
      await cp(migrationsFolder, folder, { recursive: true });
      const journalPath = join(folder, "meta", "_journal.json");
      const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
        entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
      };
      const last = journal.entries.at(-1)!;
      const tag = `${String(last.idx + 1).padStart(4, "0")}_slow`;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
      await writeFile(journalPath, JSON.stringify(journal));
      await writeFile(join(folder, `${tag}.sql`), "SELECT pg_sleep(2.5);\nCREATE TABLE slow_done (id int);");
      const connection = await connectDatabase({
        databaseUrl: database.url,
        dataDir: "unused",
        poolSize: 1,
        statementTimeoutMs: 500,
        migrationsFolder: folder,
      });
      try {
        const rows = await queryRows<{ n: number }>(
          connection.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]!.n).toBe(journal.entries.length);
        // The app's own connections keep the statement timeout.
        await expect(connection.db.execute(sql`select pg_sleep(1)`)).rejects.toThrow();
      } finally {
        await connection.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
      await database.drop();
    }
  }, 30_000);
});
