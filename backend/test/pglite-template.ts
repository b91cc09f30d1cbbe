import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
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

const templateName = /^farm-pglite-template-[0-9a-f]{16}\.tar$/;
/** A template unused this long (another checkout's or an old set of migrations) is removed: each is about 40 MB. */
const staleAfterMs = 86_400_000;

/** Removes the templates in `dir` other than `current` that no run has used for a day. */
export async function removeStaleTemplates(dir: string, current: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if (!templateName.test(name) || path === current) continue;
    const used = await stat(path).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - used > staleAfterMs) await rm(path, { force: true });
  }
}

async function makeTemplate(file: string): Promise<Blob> {
  const existing = await readFile(file).catch(() => null);
  if (existing) {
    // Marks it used, so another checkout's clean-up keeps it.
    await utimes(file, new Date(), new Date()).catch(() => undefined);
    return new Blob([existing]);
  }
  const connection = await connectDatabase({ databaseUrl: undefined, dataDir: "memory://" });
  try {
    const dump = await connection.pglite!.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file).catch(async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    });
    await removeStaleTemplates(tmpdir(), file);
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
