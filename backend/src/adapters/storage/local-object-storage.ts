import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, type ObjectStorage, type StoredObject } from "./object-storage";

/**
 * Objects as files under one folder, with a `.meta.json` sidecar for the content type. Writes go to a temporary
 * file renamed into place at the end, so a failed upload never leaves a partial object.
 */
export class LocalObjectStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return join(this.root, "objects", key);
  }

  async put(key: string, body: Readable, options: { contentType: string }): Promise<StoredObject> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await mkdir(join(this.root, "tmp"), { recursive: true });
    const temporary = join(this.root, "tmp", randomUUID());
    try {
      await pipeline(body, createWriteStream(temporary));
      const { size } = await stat(temporary);
      const stored = { contentType: options.contentType, sizeBytes: size };
      await writeFile(`${path}.meta.json`, JSON.stringify(stored));
      await rename(temporary, path);
      return stored;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const [meta, file] = await Promise.all([readFile(`${path}.meta.json`, "utf8"), stat(path)]);
      const { contentType } = JSON.parse(meta) as StoredObject;
      return { contentType, sizeBytes: file.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async get(key: string): Promise<(StoredObject & { body: Readable }) | null> {
    const stored = await this.head(key);
    if (stored === null) return null;
    return { ...stored, body: createReadStream(this.pathOf(key)) };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }> {
    const root = join(this.root, "objects");
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(".meta.json")) continue;
      const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join("/");
      if (!key.startsWith(prefix)) continue;
      const file = await stat(join(entry.parentPath, entry.name)).catch(() => null);
      if (file) yield { key, lastModified: file.mtime };
    }
  }

  async removeStaleUploads(olderThan: Date): Promise<number> {
    const folder = join(this.root, "tmp");
    const names = await readdir(folder).catch(() => []);
    let removed = 0;
    for (const name of names) {
      const file = await stat(join(folder, name)).catch(() => null);
      if (file && file.mtime < olderThan) {
        await rm(join(folder, name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {}
}
