import type { Address, PublicClient } from "viem";
import { readDeploymentJson } from "../../deployment";

/** The deployment block from contracts/deployments/<chainId>.json: where the indexer starts. null when not recorded. */
export async function readDeploymentBlock(path: string): Promise<number | null> {
  const parsed = (await readDeploymentJson(path)) as { blockNumber?: unknown } | null;
  return typeof parsed?.blockNumber === "number" && parsed.blockNumber > 0 ? parsed.blockNumber : null;
}

/**
 * The block that created the contract at `address` (the first with code there), found by bisection over eth_getCode:
 * about log2(head) calls instead of reading logs from block 0. Needs a node that answers for past blocks; when it does
 * not, the error says to set INDEXER_START_BLOCK.
 */
export async function findDeploymentBlock(client: PublicClient, address: Address): Promise<number> {
  const hasCode = async (block: number) => {
    try {
      const code = await client.getCode({ address, blockNumber: BigInt(block) });
      return code !== undefined && code !== "0x";
    } catch (error) {
      throw new Error(
        `cannot find the deployment block of ${address} (the node does not answer eth_getCode for block ${block}): set INDEXER_START_BLOCK`,
        { cause: error },
      );
    }
  };
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }));
  if (!(await hasCode(head))) throw new Error(`no contract at ${address} on this chain: check the addresses`);
  let low = 1;
  let high = head;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (await hasCode(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
