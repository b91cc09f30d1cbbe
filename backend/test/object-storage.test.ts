import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalObjectStorage, type ObjectStorage, S3ObjectStorage } from "../src/adapters/storage";
import { startS3rver } from "./s3rver";

/** The one contract both storages must keep; each implementation runs the same cases. */
function objectStorageContract(
  name: string,
  create: () => Promise<{ storage: ObjectStorage; stop(): Promise<void> }>,
) {
  describe(`object storage contract: ${name}`, () => {
    let storage: ObjectStorage;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, stop } = await create());
    });
    afterAll(async () => {
      await storage.close();
      await stop();
    });
    const key = () => `contract/${randomBytes(6).toString("hex")}`;

    it("stores a stream and gives the same bytes, type and size back", async () => {
      const k = key();
      const data = randomBytes(100_000);
      const stored = await storage.put(k, Readable.from([data.subarray(0, 40_000), data.subarray(40_000)]), {
        contentType: "application/pdf",
      });
      expect(stored).toEqual({ contentType: "application/pdf", sizeBytes: data.length });
      const got = await storage.get(k);
      expect(got?.contentType).toBe("application/pdf");
      expect((await buffer(got!.body)).equals(data)).toBe(true);
      expect(await storage.head(k)).toEqual({ contentType: "application/pdf", sizeBytes: data.length });
    });

    it("streams a 7 MB object in parts and back", async () => {
      const k = key();
      const data = randomBytes(7 * 1024 * 1024);
      const chunks = Array.from({ length: 7 }, (_, i) =>
        data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
      );
      await storage.put(k, Readable.from(chunks), { contentType: "image/png" });
      expect((await buffer((await storage.get(k))!.body)).equals(data)).toBe(true);
    });

    it("answers null for a key that does not exist", async () => {
      expect(await storage.get(key())).toBeNull();
      expect(await storage.head(key())).toBeNull();
    });

    it("deletes an object, and deleting a missing one is fine", async () => {
      const k = key();
      await storage.put(k, Readable.from([Buffer.from("bye")]), { contentType: "text/plain" });
      await storage.delete(k);
      expect(await storage.head(k)).toBeNull();
      await expect(storage.delete(k)).resolves.toBeUndefined();
    });

    it("rejects a failing stream and leaves no object behind", async () => {
      const k = key();
      async function* failing() {
        yield randomBytes(64 * 1024);
        throw new Error("client went away");
      }
      await expect(storage.put(k, Readable.from(failing()), { contentType: "image/png" })).rejects.toThrow(
        "client went away",
      );
      expect(await storage.head(k)).toBeNull();
    });

    it("refuses keys that could escape the namespace", async () => {
      await expect(
        storage.put("../etc/passwd", Readable.from([Buffer.from("x")]), { contentType: "x" }),
      ).rejects.toThrow("invalid object key");
      await expect(storage.head("/absolute")).rejects.toThrow("invalid object key");
    });

    it("answers a ping", async () => {
      await expect(storage.ping()).resolves.toBeUndefined();
    });
  });
}

objectStorageContract("local folder", async () => {
  const dir = await mkdtemp(join(tmpdir(), "farm-storage-contract-"));
  return { storage: new LocalObjectStorage(dir), stop: () => rm(dir, { recursive: true, force: true }) };
});

objectStorageContract("S3 (s3rver)", async () => {
  const s3 = await startS3rver();
  return { storage: new S3ObjectStorage(s3.config), stop: s3.stop };
});

describe("S3 object storage when the bucket is missing", () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(() => s3.stop());
  it("fails its ping", async () => {
    const storage = new S3ObjectStorage({ ...s3.config, bucket: "no-such-bucket" });
    await expect(storage.ping()).rejects.toThrow();
    await storage.close();
  });
});
