import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getFreePort } from "@farm/testkit";
import S3rver from "s3rver";
import type { S3Config } from "../src/config";

export interface RunningS3 {
  config: S3Config;
  stop(): Promise<void>;
}

/** An s3rver on a free port of 127.0.0.1 with one empty bucket, removed with its folder on stop. */
export async function startS3rver(bucket = "farm-documents"): Promise<RunningS3> {
  const directory = await mkdtemp(join(tmpdir(), "farm-s3rver-"));
  const port = await getFreePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    resetOnClose: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
