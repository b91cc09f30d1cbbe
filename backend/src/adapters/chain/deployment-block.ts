import { readFile } from "node:fs/promises";

/** The deployment block from contracts/deployments/<chainId>.json: where the indexer starts. 0 when not recorded. */
export async function readDeploymentBlock(path: string): Promise<number> {
  try {
    const parsed = JSON.parse(await readFile(path, "utf8")) as { blockNumber?: unknown };
    return typeof parsed.blockNumber === "number" && parsed.blockNumber >= 0 ? parsed.blockNumber : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}
