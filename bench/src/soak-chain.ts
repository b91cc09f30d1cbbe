/** The soak's chain side on anvil: invoices approved, funded by investors, repaid, matured and harvested. */
import { farmNftAbi, goldTokenAbi, waitForReceipt } from "@farm/contracts";
import { type Anvil, anvilChain, anvilKeys, verifyInvestor } from "@farm/testkit";
import { createPublicClient, createTestClient, createWalletClient, type Hash, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface SoakAddresses {
  goldToken: `0x${string}`;
  farmNft: `0x${string}`;
}

const DAY = 86_400;
const ONE_GOLD = 10n ** 18n;

export function soakChain(anvil: Anvil, addresses: SoakAddresses) {
  const chain = anvilChain(anvil);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const wallet = (key: Hex) => createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
  const admin = wallet(anvilKeys[0]);
  const confirm = async (hash: Hash) => {
    const receipt = await waitForReceipt(publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`${hash} reverted`);
    return hash;
  };
  const mint = (to: `0x${string}`, amount: bigint) =>
    admin
      .writeContract({
        address: addresses.goldToken,
        abi: goldTokenAbi,
        functionName: "mint",
        args: [to, amount],
      })
      .then(confirm);
  const approveAll = (key: Hex) =>
    wallet(key)
      .writeContract({
        address: addresses.goldToken,
        abi: goldTokenAbi,
        functionName: "approve",
        args: [addresses.farmNft, 2n ** 255n],
      })
      .then(confirm);
  const nft = async (
    key: Hex,
    functionName: "invest" | "harvest" | "approveInvoice" | "repay",
    args: bigint[],
  ): Promise<Hash> => {
    // A fixed gas limit: an estimate taken while the other instances submit invoices can fall short by the time the
    // transaction is mined (the pending list it edits changed), and the transaction then runs out of gas.
    const call = {
      address: addresses.farmNft,
      abi: farmNftAbi,
      functionName,
      args,
      gas: 1_000_000n,
    } as never;
    const hash = await wallet(key).writeContract(call);
    const receipt = await waitForReceipt(publicClient, { hash });
    if (receipt.status === "success") return hash;
    // What the chain held when it refused: the invoice's status and funding deadline against the block's time.
    const [invoice, block] = await Promise.all([
      publicClient.readContract({
        address: addresses.farmNft,
        abi: farmNftAbi,
        functionName: "getInvoice",
        args: [args[0] ?? 0n],
      }),
      publicClient.getBlock({ blockNumber: receipt.blockNumber }),
    ]);
    // Called again on the state after its block (the same block may hold other transactions before it).
    const again = await publicClient
      .simulateContract({
        ...(call as object),
        account: privateKeyToAccount(key),
        blockNumber: receipt.blockNumber,
      } as never)
      .then(
        () => "passes when called again",
        (error: Error) => error.message.split("\n").slice(0, 2).join(" "),
      );
    const why = `status ${invoice.status}, funding deadline ${invoice.fundingDeadline}, block time ${block.timestamp}, index ${receipt.transactionIndex} of ${block.transactions.length}, gas used ${receipt.gasUsed}; ${again}`;
    throw new Error(`${functionName}(${args.join(", ")}) reverted in ${hash}: ${why}`);
  };

  return {
    /** Every investor (and the admin, who repays) may move GOLD into FarmNFT; every investor is verified. */
    async prepare(investorKeys: Hex[]): Promise<void> {
      for (const key of [anvilKeys[0], ...investorKeys]) await approveAll(key);
      for (const key of investorKeys) {
        const investor = privateKeyToAccount(key).address;
        await verifyInvestor({ publicClient, writer: admin }, addresses.farmNft, investor);
      }
    },
    approve: (tokenId: bigint) => nft(anvilKeys[0], "approveInvoice", [tokenId]),
    /** Mints `whole` GOLD to the investor and invests it; returns the invest transaction. */
    async invest(key: Hex, tokenId: bigint, whole: bigint): Promise<Hash> {
      await mint(privateKeyToAccount(key).address, whole * ONE_GOLD);
      return nft(key, "invest", [tokenId, whole * ONE_GOLD]);
    },
    /** The admin pays what is due, and the chain moves past maturity. */
    async repayAndMature(tokenId: bigint, tenorDays: number): Promise<void> {
      const due = await publicClient.readContract({
        address: addresses.farmNft,
        abi: farmNftAbi,
        functionName: "amountDue",
        args: [tokenId],
      });
      await mint(admin.account.address, due);
      await nft(anvilKeys[0], "repay", [tokenId, due]);
      await testClient.increaseTime({ seconds: (tenorDays + 1) * DAY });
      await testClient.mine({ blocks: 1 });
    },
    harvest: (key: Hex, tokenId: bigint) => nft(key, "harvest", [tokenId]),
    head: async () => Number(await publicClient.getBlockNumber({ cacheTime: 0 })),
  };
}
