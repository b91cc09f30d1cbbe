import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../../src/adapters/db/connect";

/**
 * Statements the previous release's code could trip over while it still runs on the migrated database (a roll-out
 * runs N and N+1 side by side): removing or renaming what it reads, changing a column's type, or requiring a value it
 * does not write. docs/operations.md, "Rolling upgrade": expand in one release, contract in a later one.
 */
const contracting: { name: string; pattern: RegExp }[] = [
  { name: "DROP TABLE", pattern: /\bdrop\s+table\b/i },
  { name: "DROP COLUMN", pattern: /\bdrop\s+column\b/i },
  { name: "RENAME", pattern: /\brename\b/i },
  { name: "ALTER COLUMN ... TYPE", pattern: /\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i },
  { name: "SET NOT NULL", pattern: /\bset\s+not\s+null\b/i },
  {
    name: "ADD COLUMN ... NOT NULL without a default",
    pattern: /\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i,
  },
];

/**
 * Contract steps, each with why the release before it no longer needed what it removes. Migrations up to 0005 predate
 * the rule (0.1.0 and before, one instance at a time).
 */
const allowed: Record<string, string> = {
  "0003_chain_invoice_log_index.sql":
    "0.1.0, before rolling upgrades: the previous indexer's inserts would fail on the new NOT NULL column",
  "0004_chain_transfers_and_flows_as_views.sql":
    "0.1.0, before rolling upgrades: the tables became views of the same name and columns",
  "0005_contracts_v2_money_model.sql": "0.1.0, before rolling upgrades: contracts v2 redeployed the index",
};

describe("drill: every migration is additive (expand, then contract in a later release)", () => {
  it("no migration drops, renames, retypes or tightens what the previous release uses, unless allowed", async () => {
    const files = (await readdir(migrationsFolder)).filter((file) => file.endsWith(".sql")).sort();
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      const text = (await readFile(join(migrationsFolder, file), "utf8")).replace(/--[^\n]*/g, "");
      for (const statement of text.split(";")) {
        for (const { name, pattern } of contracting) {
          if (pattern.test(statement) && !(file in allowed)) found.push(`${file}: ${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("recognises each contracting statement (the check itself can fail)", () => {
    const samples = [
      'DROP TABLE "x";',
      'ALTER TABLE "x" DROP COLUMN "y";',
      'ALTER TABLE "x" RENAME COLUMN "a" TO "b";',
      'ALTER TABLE "x" ALTER COLUMN "y" SET DATA TYPE text;',
      'ALTER TABLE "x" ALTER COLUMN "y" SET NOT NULL;',
      'ALTER TABLE "x" ADD COLUMN "y" integer NOT NULL;',
    ];
    for (const sample of samples) expect(contracting.some(({ pattern }) => pattern.test(sample))).toBe(true);
    expect(
      contracting.some(({ pattern }) =>
        pattern.test('ALTER TABLE "x" ADD COLUMN "y" integer DEFAULT 0 NOT NULL;'),
      ),
    ).toBe(false);
    expect(contracting.some(({ pattern }) => pattern.test('CREATE INDEX "i" ON "x" ("y");'))).toBe(false);
  });
});
