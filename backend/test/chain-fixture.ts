import {
  deployFarm,
  type FarmDeployment,
  farmNftAbi,
  goldFaucetAbi,
  goldTokenAbi,
  waitForReceipt,
} from "@farm/contracts";
import { ONE_GOLD } from "@farm/core";
import {
  type Anvil,
  anvilChain,
  anvilKeys,
  startAnvil,
  testDatabaseUrl,
  verifyInvestor,
} from "@farm/testkit";
import { sql } from "drizzle-orm";
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseEventLogs,
  sha256,
  type TestClient,
  type Transport,
  toHex,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { connectDatabase, type DatabaseConnection } from "../src/adapters/db/connect";
import type { Database } from "../src/adapters/db/database";
import { queryRows } from "../src/adapters/db/database";
import { ChainHookRegistry } from "../src/chain/hooks/registry";
import { ChainIndexer, type ChainIndexerOptions } from "../src/chain/indexer/indexer";
import { ProcessLock } from "../src/chain/indexer/lock";
import { createTestDatabase } from "./helpers";
import { pgliteTemplate } from "./pglite-template";

export type Wallet = WalletClient<Transport, Chain, Account>;

/** An anvil chain with the four contracts deployed (key 0 admin, key 1 operator) and helpers to drive invoices. */
export interface FarmChain {
  anvil: Anvil;
  chain: Chain;
  deployment: FarmDeployment;
  publicClient: PublicClient;
  testClient: TestClient;
  admin: Wallet;
  operator: Wallet;
  wallet(key: Hex): Wallet;
  stop(): Promise<void>;
}

export async function startFarmChain(): Promise<FarmChain> {
  const anvil = await startAnvil();
  const chain = anvilChain(anvil);
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const wallet = (key: Hex): Wallet =>
    createWalletClient({ chain, transport, account: privateKeyToAccount(key) });
  const admin = wallet(anvilKeys[0]);
  const operator = wallet(anvilKeys[1]);
  const deployment = await deployFarm({
    publicClient,
    walletClient: admin,
    operator: operator.account.address,
  });
  return {
    anvil,
    chain,
    deployment,
    publicClient,
    testClient,
    admin,
    operator,
    wallet,
    stop: () => anvil.stop(),
  };
}

const DAY = 86_400;

/** Drives invoices through their lifecycle with real transactions. */
export class FarmDriver {
  private references = 0;

  constructor(private readonly farm: FarmChain) {}

  private async confirm(hash: Hash) {
    const receipt = await waitForReceipt(this.farm.publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`${hash} reverted`);
    return receipt;
  }

  /** Submits (operator) and approves (admin) an invoice; returns its token id. */
  async openInvoice(
    farmer: Address,
    amount: bigint,
    options: { yieldBps?: number; tenorDays?: number } = {},
  ) {
    const { deployment, operator, admin, publicClient } = this.farm;
    const block = await publicClient.getBlock();
    this.references += 1;
    const receipt = await this.confirm(
      await operator.writeContract({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "submitInvoice",
        args: [
          farmer,
          amount,
          // 2 % over 30 days: within the chain's fee cap (0.067 % a day).
          options.yieldBps ?? 200,
          options.tenorDays ?? 30,
          block.timestamp + BigInt(14 * DAY),
          keccak256(toHex(`fixture-${Date.now()}-${Math.random()}-${this.references}`)),
          sha256(toHex(`fixture document ${this.references}`)),
        ],
      }),
    );
    const [submitted] = parseEventLogs({
      abi: farmNftAbi,
      eventName: "InvoiceSubmitted",
      logs: receipt.logs,
    });
    if (!submitted) throw new Error("no InvoiceSubmitted");
    const tokenId = submitted.args.tokenId;
    await this.confirm(
      await admin.writeContract({
        address: deployment.farmNft,
        abi: farmNftAbi,
        functionName: "approveInvoice",
        args: [tokenId],
      }),
    );
    return tokenId;
  }

  /** Mints GOLD to `investor`, approves FarmNFT and invests; returns the invest transaction hash. */
  async invest(investor: Wallet, tokenId: bigint, amount: bigint): Promise<Hash> {
    await this.verify(investor);
    await this.fundGold(investor, amount);
    const hash = await investor.writeContract({
      address: this.farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "invest",
      args: [tokenId, amount],
    });
    await this.confirm(hash);
    return hash;
  }

  /** Gives `investor` a credential unless it has one, as the admin: FarmNFT mints shares only to verified wallets. */
  async verify(investor: Wallet): Promise<void> {
    const address = investor.account.address;
    const { publicClient, admin, deployment } = this.farm;
    // Read from the chain, not remembered: a test's snapshot revert may have undone an earlier credential.
    const { tier } = await publicClient.readContract({
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "credentialOf",
      args: [address],
    });
    if (tier === 0) await verifyInvestor({ publicClient, writer: admin }, deployment.farmNft, address);
  }

  async fundGold(account: Wallet, amount: bigint): Promise<void> {
    const { deployment, admin } = this.farm;
    await this.confirm(
      await admin.writeContract({
        address: deployment.goldToken,
        abi: goldTokenAbi,
        functionName: "mint",
        args: [account.account.address, amount],
      }),
    );
    await this.confirm(
      await account.writeContract({
        address: deployment.goldToken,
        abi: goldTokenAbi,
        functionName: "approve",
        args: [deployment.farmNft, amount * 2n],
      }),
    );
  }

  /** Pays the whole amount due at this block (principal, fee and any late fee) from `payer`. */
  async repayInFull(payer: Wallet, tokenId: bigint): Promise<void> {
    const { deployment, publicClient } = this.farm;
    const due = await publicClient.readContract({
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "amountDue",
      args: [tokenId],
    });
    await this.repay(payer, tokenId, due);
  }

  /** Pays `amount` towards the invoice from `payer` (minted to it first). */
  async repay(payer: Wallet, tokenId: bigint, amount: bigint): Promise<void> {
    await this.fundGold(payer, amount);
    await this.confirm(
      await payer.writeContract({
        address: this.farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "repay",
        args: [tokenId, amount],
      }),
    );
  }

  async harvest(holder: Wallet, tokenId: bigint): Promise<void> {
    await this.confirm(
      await holder.writeContract({
        address: this.farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "harvest",
        args: [tokenId],
      }),
    );
  }

  async claimFaucet(account: Wallet): Promise<void> {
    await this.confirm(
      await account.writeContract({
        address: this.farm.deployment.goldFaucet,
        abi: goldFaucetAbi,
        functionName: "claim",
        args: [],
      }),
    );
  }

  async passDays(days: number): Promise<void> {
    await this.farm.testClient.increaseTime({ seconds: days * DAY });
    await this.farm.testClient.mine({ blocks: 1 });
  }
}

export const gold = (whole: bigint) => whole * ONE_GOLD;

/** A migrated in-memory PGlite database. */
export async function memoryDatabase(): Promise<DatabaseConnection> {
  return connectDatabase({
    databaseUrl: undefined,
    dataDir: "memory://",
    pgliteTemplate: await pgliteTemplate(),
  });
}

/** The databases the index suites run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const indexBackends: { name: string; open(): Promise<DatabaseConnection> }[] = [
  { name: "PGlite", open: memoryDatabase },
  ...(testDatabaseUrl
    ? [
        {
          name: "PostgreSQL",
          async open(): Promise<DatabaseConnection> {
            const created = await createTestDatabase();
            const connection = await connectDatabase({
              databaseUrl: created.url,
              dataDir: "unused",
              poolSize: 4,
            });
            return {
              ...connection,
              async close() {
                await connection.close();
                await created.drop();
              },
            };
          },
        },
      ]
    : []),
];

export function indexerFor(
  farm: FarmChain,
  db: Database,
  overrides: Partial<ChainIndexerOptions> = {},
): ChainIndexer {
  const { goldToken, goldFaucet, farmNft, farmVault, farmMarket, blockNumber } = farm.deployment;
  return new ChainIndexer({
    db,
    client: farm.publicClient,
    chainId: farm.anvil.chainId,
    addresses: { goldToken, goldFaucet, farmNft, farmVault, ...(farmMarket ? { farmMarket } : {}) },
    startBlock: blockNumber,
    confirmations: 0,
    blockRange: 1000,
    pollIntervalMs: 100,
    hooks: new ChainHookRegistry(),
    lock: new ProcessLock(db),
    ...overrides,
  });
}

const indexTables = [
  ["chain_events", "id"],
  ["chain_invoices", "token_id"],
  ["chain_investments", "id"],
  ["chain_share_transfers", "id"],
  ["chain_positions", "token_id, holder"],
  ["chain_harvests", "id"],
  ["chain_refunds", "id"],
  ["chain_repayments", "id"],
  ["chain_faucet_claims", "id"],
  ["chain_credentials", "wallet"],
  ["chain_vault_flows", "id"],
  ["chain_market_fills", "id"],
  ["chain_market_cancels", "id"],
] as const;

/** Index read models derived from `chain_events` by a view: dumped like the tables, emptied with it. */
const indexViews = new Set<string>(["chain_share_transfers", "chain_vault_flows"]);

/** Every row of every index table as text, in key order: two indexes are equal when their dumps are. */
export async function dumpIndex(db: Database): Promise<Record<string, string[]>> {
  const dump: Record<string, string[]> = {};
  for (const [table, key] of indexTables) {
    const rows = await queryRows<{ row: string }>(
      db,
      sql.raw(`select (t.*)::text as row from ${table} t order by ${key}`),
    );
    dump[table] = rows.map((r) => r.row);
  }
  return dump;
}

/** Empties the index tables, so one migrated database serves several tests (PGlite takes seconds to start). */
export async function resetIndex(db: Database): Promise<void> {
  const tables = indexTables.map(([table]) => table).filter((table) => !indexViews.has(table));
  await db.execute(sql.raw(`truncate ${[...tables, "indexer_cursor", "indexer_blocks"].join(", ")}`));
}

/** Hooks that count how often each investment event is applied: every event must be applied exactly once. */
export function countingHooks(): { hooks: ChainHookRegistry; applied: Map<string, number> } {
  const applied = new Map<string, number>();
  const hooks = new ChainHookRegistry();
  hooks.register({
    onInvestmentsIndexed: async (_tx, investments) => {
      for (const investment of investments) applied.set(investment.id, (applied.get(investment.id) ?? 0) + 1);
    },
  });
  return { hooks, applied };
}
