import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDatabaseUrl } from "@farm/testkit";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { connectDatabase, migrationsFolder } from "../src/adapters/db/connect";
import { farmers } from "../src/db/schema";
import { createTestDatabase } from "./helpers";
import { pgliteTemplate, removeStaleTemplates } from "./pglite-template";

async function appliedMigrations(db: Awaited<ReturnType<typeof connectDatabase>>["db"]): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

describe("migrations at start-up", () => {
  it("applies on PGlite, keeps data under DATA_DIR and is a no-op the second time", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "farm-pglite-"));
    try {
      const first = await connectDatabase({ databaseUrl: undefined, dataDir });
      const count = await appliedMigrations(first.db);
      expect(count).toBeGreaterThan(0);
      await first.db.execute(sql`insert into farmers (wallet_address, status, full_name, nik_encrypted, email, phone,
        date_of_birth, street, province, city, district, postal_code, business_name, business_type, npwp_encrypted,
        bank_name, bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
        values ('0x1', 'pending_review', 'a', 'x', 'e', 'p', '1990-01-01', 's', 'p', 'c', 'd', '12345', 'b', 'ud',
        'x', 'BRI', 'x', 'h', '[]', 1, 1)`);
      await first.close();
      const second = await connectDatabase({ databaseUrl: undefined, dataDir });
      expect(await appliedMigrations(second.db)).toBe(count);
      expect(await second.db.select().from(farmers)).toHaveLength(1);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Creating a PGlite data directory on disk runs initdb, which takes a while on a busy 2-core machine.
  }, 120_000);

  it.runIf(testDatabaseUrl)(
    "lets two instances starting at once migrate one fresh PostgreSQL database",
    async () => {
      const database = await createTestDatabase();
      try {
        const instances = await Promise.all([
          connectDatabase({ databaseUrl: database.url, dataDir: "unused", poolSize: 2 }),
          connectDatabase({ databaseUrl: database.url, dataDir: "unused", poolSize: 2 }),
        ]);
        const counts = await Promise.all(instances.map((instance) => appliedMigrations(instance.db)));
        expect(counts[0]).toBeGreaterThan(0);
        expect(counts[1]).toBe(counts[0]);
        await Promise.all(instances.map((instance) => instance.close()));
        const third = await connectDatabase({ databaseUrl: database.url, dataDir: "unused", poolSize: 1 });
        expect(await appliedMigrations(third.db)).toBe(counts[0]);
        await third.close();
      } finally {
        await database.drop();
      }
    },
  );

  it("starts an in-memory PGlite from the tests' migrated dump: every migration applied, no rows, no instance sharing another's", async () => {
    const journal = JSON.parse(await readFile(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const template = await pgliteTemplate();
    const [one, two] = [
      await connectDatabase({ databaseUrl: undefined, dataDir: "memory://", pgliteTemplate: template }),
      await connectDatabase({ databaseUrl: undefined, dataDir: "memory://", pgliteTemplate: template }),
    ];
    try {
      expect(await appliedMigrations(one.db)).toBe(journal.entries.length);
      await one.db.execute(sql`insert into farmers (wallet_address, status, full_name, nik_encrypted, email, phone,
        date_of_birth, street, province, city, district, postal_code, business_name, business_type, npwp_encrypted,
        bank_name, bank_account_encrypted, bank_account_holder, crops, land_area_hectares, years_farming)
        values ('0x1', 'pending_review', 'a', 'x', 'e', 'p', '1990-01-01', 's', 'p', 'c', 'd', '12345', 'b', 'ud',
        'x', 'BRI', 'x', 'h', '[]', 1, 1)`);
      expect(await one.db.select().from(farmers)).toHaveLength(1);
      expect(await two.db.select().from(farmers)).toHaveLength(0);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it("removes other templates no run has used for a day, and keeps the current one and recent ones", async () => {
    const dir = await mkdtemp(join(tmpdir(), "farm-templates-"));
    try {
      const name = (hex: string) => `farm-pglite-template-${hex.repeat(16)}.tar`;
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      for (const file of [name("a"), name("b"), name("c"), "unrelated.tar"])
        await writeFile(join(dir, file), "x");
      for (const file of [name("a"), name("b"), "unrelated.tar"])
        await utimes(join(dir, file), twoDaysAgo, twoDaysAgo);
      await removeStaleTemplates(dir, join(dir, name("a")));
      expect((await readdir(dir)).sort()).toEqual([name("a"), name("c"), "unrelated.tar"].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
