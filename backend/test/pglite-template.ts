import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { connectDatabase, migrationsFolder } from "../src/adapters/db/connect";

/**
 * A dump of an in-memory PGlite with every migration applied, made once per machine and set of migrations: an embedded
 * test app starts from it (`buildApp`'s `pgliteTemplate`) instead of running PGlite's initdb and the migrations, about
 * 2 s less per app on the CI machine (3.3 s against 1.1 s). The file's name carries a hash of PGlite's version and of
 * every migration file, so a changed migration or PGlite makes a new one; it is written under a temporary name and
 * renamed, so workers making it at once never read half a file.
 */
function templateFile(): string {
  const hash = createHash("sha256");
  // The package's exports hide its package.json: read it beside the resolved entry.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const root = entry.slice(0, entry.lastIndexOf("/dist/"));
  hash.update(readFileSync(join(root, "package.json")));
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`${relative(migrationsFolder, file)}\n`).update(readFileSync(file));
  return join(tmpdir(), `farm-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

async function makeTemplate(file: string): Promise<Blob> {
  const existing = await readFile(file).catch(() => null);
  if (existing) return new Blob([existing]);
  const connection = await connectDatabase({ databaseUrl: undefined, dataDir: "memory://" });
  try {
    const dump = await connection.pglite!.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    return dump;
  } finally {
    await connection.close();
  }
}

let template: Promise<Blob> | undefined;

/** The migrated database's dump (made on first use in this process, read from the machine's copy after that). */
export function pgliteTemplate(): Promise<Blob> {
  template ??= makeTemplate(templateFile());
  return template;
}
