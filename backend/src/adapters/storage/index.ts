import type { S3Config } from "../../config";
import { LocalObjectStorage } from "./local-object-storage";
import type { ObjectStorage } from "./object-storage";
import { S3ObjectStorage } from "./s3-object-storage";

export { LocalObjectStorage } from "./local-object-storage";
export type { ObjectStorage, StoredObject } from "./object-storage";
export { S3ObjectStorage } from "./s3-object-storage";

/** S3 when configured, otherwise a local folder. */
export function createObjectStorage(options: {
  s3: S3Config | undefined;
  storageDir: string;
}): ObjectStorage {
  return options.s3 ? new S3ObjectStorage(options.s3) : new LocalObjectStorage(options.storageDir);
}
