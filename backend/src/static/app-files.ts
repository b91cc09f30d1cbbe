import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { acceptedCoding, type ContentCoding } from "../accept-encoding";

/** One file of a built app, held in memory with the variants the build compressed. */
export interface AppFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  contentType: string;
  etag: string;
  /** Under assets/: Vite puts a content hash in the name, so the file never changes under that URL. */
  hashed: boolean;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Reads a built app into memory, keyed by URL path ("/assets/index-3f2a.js"). Only these files are ever served, so
 * no request path reaches the file system. A build is a few MB; reading it once makes every answer a memory copy.
 */
export async function loadAppFiles(dir: string): Promise<Map<string, AppFile>> {
  const files = new Map<string, AppFile>();
  for await (const path of walk(dir)) {
    if (path.endsWith(".br") || path.endsWith(".gz")) continue;
    const body = await readFile(path);
    const urlPath = `/${relative(dir, path).split(sep).join("/")}`;
    files.set(urlPath, {
      body,
      br: await readOptional(`${path}.br`),
      gzip: await readOptional(`${path}.gz`),
      contentType: contentTypes[extname(path).toLowerCase()] ?? "application/octet-stream",
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      hashed: urlPath.startsWith("/assets/"),
    });
  }
  if (!files.has("/index.html")) throw new Error(`${dir} holds no index.html: run \`npm run build\` first`);
  return files;
}

/** The variant to send for an Accept-Encoding header: brotli first, then gzip, else the plain bytes. */
export function pickEncoding(file: AppFile, acceptEncoding: string | undefined): ContentCoding | null {
  return acceptedCoding(acceptEncoding, { br: file.br !== undefined, gzip: file.gzip !== undefined });
}
