import {
  createPublicClient,
  custom,
  type Hash,
  numberToHex,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { waitForTransactionReceipt } from "viem/actions";
import { foundry } from "viem/chains";
import { describe, expect, it } from "vitest";
import { waitForReceipt } from "../src/receipt";

const hash: Hash = `0x${"ab".repeat(32)}`;

/**
 * A node as anvil behaves after automining a transaction (foundry-rs/foundry#10944): the head already holds the
 * transaction's block, but the receipt is published a moment later, and no further block comes.
 */
function nodeThatPublishesReceiptLate(receiptAfterReads: number) {
  let receiptReads = 0;
  const provider = {
    async request({ method }: { method: string }) {
      switch (method) {
        case "eth_chainId":
          return numberToHex(foundry.id);
        case "eth_blockNumber":
          return "0x2d";
        case "eth_getTransactionReceipt":
          receiptReads += 1;
          return receiptReads > receiptAfterReads ? receipt : null;
        default:
          throw new Error(`unexpected ${method}`);
      }
    },
  };
  const client = createPublicClient({ chain: foundry, transport: custom(provider), pollingInterval: 20 });
  return { client, receiptReads: () => receiptReads };
}

const receipt = {
  blockHash: `0x${"cd".repeat(32)}`,
  blockNumber: "0x2d",
  contractAddress: null,
  cumulativeGasUsed: "0x946e",
  effectiveGasPrice: "0x3b9aca00",
  from: `0x${"11".repeat(20)}`,
  gasUsed: "0x946e",
  logs: [],
  logsBloom: `0x${"00".repeat(256)}`,
  status: "0x1",
  to: `0x${"22".repeat(20)}`,
  transactionHash: hash,
  transactionIndex: "0x0",
  type: "0x2",
};

/** The transaction of `receipt` as eth_getTransactionByHash returns it once mined. */
const minedTransaction = {
  blockHash: `0x${"cd".repeat(32)}`,
  blockNumber: "0x2d",
  from: `0x${"11".repeat(20)}`,
  gas: "0x946e",
  gasPrice: "0x3b9aca00",
  maxFeePerGas: "0x3b9aca00",
  maxPriorityFeePerGas: "0x0",
  hash,
  input: "0x",
  nonce: "0x1",
  to: `0x${"22".repeat(20)}`,
  transactionIndex: "0x0",
  value: "0x0",
  type: "0x2",
  chainId: "0x7a69",
  v: "0x0",
  r: `0x${"01".repeat(32)}`,
  s: `0x${"02".repeat(32)}`,
  yParity: "0x0",
  accessList: [],
};

describe("waitForReceipt", () => {
  it("finds a receipt the node publishes after its block, with no later block to wake a block watcher", async () => {
    const node = nodeThatPublishesReceiptLate(3);
    const found = await waitForReceipt(node.client, { hash, timeout: 5_000 });
    expect(found.transactionHash).toBe(hash);
    expect(found.status).toBe("success");
    expect(node.receiptReads()).toBeGreaterThan(3);
  });

  it("is needed: viem's block-driven wait alone misses that receipt and times out", async () => {
    const node = nodeThatPublishesReceiptLate(3);
    await expect(waitForTransactionReceipt(node.client, { hash, timeout: 1_000 })).rejects.toBeInstanceOf(
      WaitForTransactionReceiptTimeoutError,
    );
  });

  it("gives up at the timeout with viem's timeout error when no receipt ever comes", async () => {
    const node = nodeThatPublishesReceiptLate(Number.POSITIVE_INFINITY);
    const started = Date.now();
    await expect(waitForReceipt(node.client, { hash, timeout: 300 })).rejects.toBeInstanceOf(
      WaitForTransactionReceiptTimeoutError,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("keeps reading when a receipt read fails on the block-driven side (a mined transaction's receipt not ready yet)", async () => {
    let reads = 0;
    const provider = {
      async request({ method }: { method: string }) {
        if (method === "eth_chainId") return numberToHex(foundry.id);
        if (method === "eth_blockNumber") return "0x2d";
        if (method === "eth_getTransactionByHash") return { ...minedTransaction };
        if (method === "eth_getTransactionReceipt") {
          reads += 1;
          if (reads <= 3)
            throw Object.assign(new Error("transaction indexing is in progress"), { code: -32000 });
          return receipt;
        }
        throw new Error(`unexpected ${method}`);
      },
    };
    const client = createPublicClient({ chain: foundry, transport: custom(provider), pollingInterval: 20 });
    await expect(waitForTransactionReceipt(client, { hash, timeout: 2_000, retryCount: 0 })).rejects.toThrow(
      /indexing/,
    );
    reads = 0;
    const found = await waitForReceipt(client, { hash, timeout: 5_000 });
    expect(found.transactionHash).toBe(hash);
  });

  it("stops reading once it has the receipt", async () => {
    const node = nodeThatPublishesReceiptLate(0);
    await waitForReceipt(node.client, { hash, timeout: 5_000 });
    const reads = node.receiptReads();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(node.receiptReads()).toBe(reads);
  });
});
