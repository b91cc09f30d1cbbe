import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { anvilKeys, testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryCacheStore } from "../../src/adapters/cache";
import { type Database, queryRows } from "../../src/adapters/db/database";
import { LocalObjectStorage } from "../../src/adapters/storage";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { encryptField, FieldKeyring } from "../../src/documents/field-encryption";
import { indexNow, startChainApp } from "../chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain } from "../chain-fixture";
import { registrationProfile } from "../fixtures";
import { createTestDatabase, randomAccount, registerFarmer, signIn, type TestApp } from "../helpers";
import { drillInvoiceForm } from "./backend-process";

const run = promisify(execFile);
const oldKey = "a1".repeat(32);
const currentKey = "b2".repeat(32);

/** md5 of every row of every table (public schema and the migrations journal): equal databases, equal digests. */
async function databaseDigest(db: Database): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql.raw(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), ''))
        as md5 from ${name} t`),
    );
    digest[name] = `${row?.rows}:${row?.md5}`;
  }
  return digest;
}

/** Every stored object (and its metadata file) with the SHA-256 of its bytes. */
async function storageDigest(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const digest: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    digest[relative(dir, path)] = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
  }
  return digest;
}

describe.runIf(testDatabaseUrl)(
  "drill: back up with pg_dump and a storage copy, restore, bring the platform up",
  () => {
    let farm: FarmChain;
    let source: Awaited<ReturnType<typeof createTestDatabase>>;
    let t: TestApp;
    const cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      [farm, source] = await Promise.all([startFarmChain(), createTestDatabase()]);
      cleanups.push(source.drop);
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await farm?.stop();
    });

    it("restores every farmer, document, invoice, game state and audit record; sessions are what is lost", async () => {
      const admin = randomAccount();
      const env = {
        DATABASE_URL: source.url,
        ENCRYPTION_KEY: currentKey,
        ENCRYPTION_OLD_KEYS: oldKey,
        ADMIN_ADDRESSES: admin.address.toLowerCase(),
        // The outbox is backed up with the rest; no worker delivers or scans meanwhile, so the database holds still
        // between its digest and the dump (delivery has its own drills in backend/test/notifications).
        NOTIFY_WORKER: "false",
      };
      t = await startChainApp(farm, "embedded", env);
      cleanups.push(() => t.close());
      const adminCookie = await signIn(t.app, admin);

      // Two farmers with their KYC documents; the first one's fields written under the old key (before a rotation).
      const farmers: { id: string; cookie: string; nik: string }[] = [];
      for (let n = 0; n < 2; n++) {
        const cookie = await signIn(t.app, randomAccount());
        const profile = registrationProfile();
        farmers.push({ id: await registerFarmer(t.app, cookie, profile), cookie, nik: profile.personal.nik });
      }
      const old = new FieldKeyring(Buffer.from(oldKey, "hex"));
      await t.app.db.execute(
        sql`update farmers set nik_encrypted = ${encryptField(old, farmers[0]!.nik)} where id = ${farmers[0]!.id}`,
      );
      // An audit record, an invoice with its evidence, and chain-derived game state.
      const approve = await t.app.inject({
        method: "POST",
        url: `/api/admin/farmers/${farmers[1]!.id}/approve`,
        headers: { cookie: adminCookie },
      });
      expect(approve.statusCode).toBe(200);
      const form = drillInvoiceForm("BACKUP-1");
      const submitted = await t.app.inject({
        method: "POST",
        url: "/api/invoices",
        headers: { ...form.headers, cookie: farmers[1]!.cookie, "idempotency-key": "backup-drill-1" },
        payload: form.payload,
      });
      expect(submitted.statusCode).toBe(201);
      const driver = new FarmDriver(farm);
      const tokenId = await driver.openInvoice(farm.wallet(anvilKeys[2]).account.address, gold(500n));
      await driver.invest(farm.wallet(anvilKeys[3]), tokenId, gold(200n));
      await indexNow(t);

      const before = await databaseDigest(t.app.db);
      expect(before["public.farmer_reviews"]).toMatch(/^1:/);
      expect(before["public.invoice_documents"]).toMatch(/^1:/);
      expect(before["public.xp_grants"]).toMatch(/^1:/);

      // The backup: pg_dump of the database and a copy of the storage (docs/operations.md, "Backup and restore").
      const work = await mkdtemp(join(tmpdir(), "farm-backup-"));
      cleanups.push(() => rm(work, { recursive: true, force: true }));
      const dumpFile = join(work, "farm.dump");
      await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dumpFile}`, source.url]);
      await cp(t.config.storageDir, join(work, "storage"), { recursive: true });
      const storageBefore = await storageDigest(t.config.storageDir);
      expect(Object.keys(storageBefore).length).toBeGreaterThanOrEqual(7);

      // The restore: a fresh database and storage, the platform brought up on them with the same keys.
      const target = await createTestDatabase();
      cleanups.push(target.drop);
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${target.url}`, dumpFile]);
      const restoredStorage = await mkdtemp(join(tmpdir(), "farm-restored-storage-"));
      cleanups.push(() => rm(restoredStorage, { recursive: true, force: true }));
      await cp(join(work, "storage"), restoredStorage, { recursive: true });
      const { goldToken, goldFaucet, farmNft, farmVault } = farm.deployment;
      const config = loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        RPC_URL: farm.anvil.rpcUrl,
        CHAIN_ID: String(farm.anvil.chainId),
        INDEXER_ENABLED: "false",
        ...env,
        DATABASE_URL: target.url,
        STORAGE_DIR: restoredStorage,
      });
      const restored: FastifyInstance = await buildApp(config, {
        cache: new MemoryCacheStore(),
        storage: new LocalObjectStorage(restoredStorage),
        contracts: { goldToken, goldFaucet, farmNft, farmVault },
      });
      cleanups.push(() => restored.close());
      await restored.ready();

      expect(await databaseDigest(restored.db)).toEqual(before);
      expect(await storageDigest(restoredStorage)).toEqual(storageBefore);
      // Sessions lived in the cache store, not in the backup: the old cookie is signed out, a new sign-in works.
      const stale = await restored.inject({
        method: "GET",
        url: "/api/auth/session",
        headers: { cookie: adminCookie },
      });
      expect(stale.statusCode).toBe(401);
      const newAdminCookie = await signIn(restored, admin);
      for (const farmer of farmers) {
        const reply = await restored.inject({
          method: "GET",
          url: `/api/farmers/${farmer.id}`,
          headers: { cookie: newAdminCookie },
        });
        expect(reply.statusCode).toBe(200);
        // Decrypted with the old key (the first) and the current one (the second).
        expect(JSON.stringify(reply.json())).toContain(farmer.nik);
        for (const kind of ["ktp", "npwp", "bankStatement"]) {
          const document = await restored.inject({
            method: "GET",
            url: `/api/farmers/${farmer.id}/documents/${kind}`,
            headers: { cookie: newAdminCookie },
          });
          expect(document.statusCode).toBe(200);
          const [stored] = await queryRows<{ sha256: string }>(
            restored.db,
            sql`select sha256 from farmer_documents where farmer_id = ${farmer.id} and kind = ${kind}`,
          );
          expect(createHash("sha256").update(document.rawPayload).digest("hex")).toBe(stored?.sha256);
        }
      }
      const invoices = await restored.inject({
        method: "GET",
        url: "/api/invoices",
        headers: { cookie: newAdminCookie },
      });
      expect(invoices.statusCode).toBe(200);
    }, 120_000);
  },
);
