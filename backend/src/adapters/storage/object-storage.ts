import type { Readable } from "node:stream";

export interface StoredObject {
  contentType: string;
  sizeBytes: number;
}

/**
 * Blob storage for farmer documents. Implemented by any S3 service and by a local folder; keys are
 * slash-separated names of [A-Za-z0-9._-] segments.
 */
export interface ObjectStorage {
  /** Streams `body` to `key`; rejects (leaving nothing behind) when the stream fails. */
  put(key: string, body: Readable, options: { contentType: string }): Promise<StoredObject>;
  /** The object's bytes, or null when it does not exist. */
  get(key: string): Promise<(StoredObject & { body: Readable }) | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Deletes the object; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, with when it was last written. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * Removes what interrupted uploads left behind (temporary files, unfinished multipart uploads) that is older than
   * `olderThan`; returns how many it removed.
   */
  removeStaleUploads(olderThan: Date): Promise<number>;
  /** Throws when the storage cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const keyPattern = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*)(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!keyPattern.test(key) || key.length > 512) throw new RangeError(`invalid object key: ${key}`);
}
