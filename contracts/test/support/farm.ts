import { ONE_GOLD } from "@farm/core";
import { type Anvil, anvilChain, anvilKeys, startAnvil, verifyInvestor } from "@farm/testkit";
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type GetContractReturnType,
  getContract,
  type Hash,
  type Hex,
  type HttpTransport,
  http,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  parseEventLogs,
  sha256,
  type TestClient,
  type TransactionReceipt,
  toHex,
  type WalletClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { farmMarketAbi } from "../../src/abi/FarmMarket";
import { farmNftAbi } from "../../src/abi/FarmNFT";
import { farmVaultAbi } from "../../src/abi/FarmVault";
import { goldFaucetAbi } from "../../src/abi/GoldFaucet";
import { goldTokenAbi } from "../../src/abi/GoldToken";
import { deployFarm } from "../../src/deploy";
import { waitForReceipt } from "../../src/receipt";

export type Wallet = WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
/** What deployFarm returns: every address, the seed market's included. */
export type Deployment = Awaited<ReturnType<typeof deployFarm>>;

/** GOLD each non-admin test account starts with. */
export const startingGold = 1_000_000n * ONE_GOLD;
export const DAY = 86_400n;

type Clients = { public: PublicClient; wallet: Wallet };

export interface FarmContracts {
  gold: GetContractReturnType<typeof goldTokenAbi, Clients>;
  faucet: GetContractReturnType<typeof goldFaucetAbi, Clients>;
  nft: GetContractReturnType<typeof farmNftAbi, Clients>;
  vault: GetContractReturnType<typeof farmVaultAbi, Clients>;
  market: GetContractReturnType<typeof farmMarketAbi, Clients>;
}

function contractsOf(publicClient: PublicClient, deployment: Deployment, wallet: Wallet): FarmContracts {
  const client: Clients = { public: publicClient, wallet };
  return {
    gold: getContract({ address: deployment.goldToken, abi: goldTokenAbi, client }),
    faucet: getContract({ address: deployment.goldFaucet, abi: goldFaucetAbi, client }),
    nft: getContract({ address: deployment.farmNft, abi: farmNftAbi, client }),
    vault: getContract({ address: deployment.farmVault, abi: farmVaultAbi, client }),
    market: getContract({ address: deployment.farmMarket, abi: farmMarketAbi, client }),
  };
}

export interface InvoiceTerms {
  farmer?: `0x${string}`;
  amount?: bigint;
  yieldBps?: number;
  tenorDays?: number;
  fundingDays?: bigint;
  reference?: string;
}

export type Invoice = Awaited<ReturnType<FarmContracts["nft"]["read"]["getInvoice"]>>;

/** A deployed Farm on its own anvil, with the role accounts of the testkit convention and helpers to drive it. */
export interface Farm {
  anvil: Anvil;
  chain: Chain;
  publicClient: PublicClient;
  testClient: TestClient<"anvil", HttpTransport, Chain>;
  deployment: Deployment;
  admin: Wallet;
  operator: Wallet;
  farmer: Wallet;
  investors: Wallet[];
  stranger: Wallet;
  wallet(index: number): Wallet;
  /** The five contracts, writing as `who`. */
  as(who: Wallet): FarmContracts;
  /** Waits for the transaction and throws when it reverted. */
  mined(hash: Hash | Promise<Hash>): Promise<TransactionReceipt>;
  now(): Promise<bigint>;
  /** Moves the chain clock forward by `seconds` and mines a block. */
  advance(seconds: bigint): Promise<void>;
  /** Submits an invoice as the operator and returns its token id. */
  submit(terms?: InvoiceTerms): Promise<bigint>;
  /** Submits and approves an invoice. */
  open(terms?: InvoiceTerms): Promise<bigint>;
  /** Approves `amount` GOLD to FarmNFT and invests it. */
  invest(investor: Wallet, tokenId: bigint, amount: bigint): Promise<TransactionReceipt>;
  /** Approves and repays `amount` from `payer` (the farmer by default). */
  repay(tokenId: bigint, amount: bigint, payer?: Wallet): Promise<TransactionReceipt>;
  invoice(tokenId: bigint): Promise<Invoice>;
  goldOf(address: `0x${string}`): Promise<bigint>;
  sharesOf(address: `0x${string}`, tokenId: bigint): Promise<bigint>;
  stop(): Promise<void>;
}

export async function startFarm(): Promise<Farm> {
  const anvil: Anvil = await startAnvil();
  const chain = anvilChain(anvil);
  // Batching sends the many concurrent reads of a check as one JSON-RPC request.
  const transport = http(anvil.rpcUrl, { batch: true });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 }) as PublicClient;
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const wallets: Wallet[] = anvilKeys.map((key: Hex) =>
    createWalletClient({ chain, transport, account: privateKeyToAccount(key) }),
  );
  const wallet = (index: number): Wallet => {
    const found = wallets[index];
    if (!found) throw new Error(`no anvil key ${index}`);
    return found;
  };
  const admin = wallet(0);
  const operator = wallet(1);
  const farmer = wallet(2);
  const investors = [3, 4, 5, 6, 7].map(wallet);
  const stranger = wallet(9);
  const deployment = await deployFarm({
    publicClient,
    walletClient: admin,
    operator: operator.account.address,
  });
  const as = (who: Wallet) => contractsOf(publicClient, deployment, who);

  const mined = async (hash: Hash | Promise<Hash>): Promise<TransactionReceipt> => {
    // Anvil mines at once; a transaction without a receipt in a minute is stuck, and its hash says which one (the
    // default wait, 180 s, would outlast the test's own timeout and hide it).
    const receipt = await waitForReceipt(publicClient, { hash: await hash, timeout: 60_000 });
    if (receipt.status !== "success") throw new Error(`transaction ${receipt.transactionHash} reverted`);
    return receipt;
  };
  for (const account of [farmer, ...investors, wallet(8), stranger]) {
    await mined(as(admin).gold.write.mint([account.account.address, startingGold]));
  }
  // Investors (and wallet 8) hold credentials; the farmer and the stranger stay unverified.
  for (const account of [...investors, wallet(8)]) {
    await verifyInvestor({ publicClient, writer: admin }, deployment.farmNft, account.account.address);
  }

  const now = async () => (await publicClient.getBlock({ blockTag: "latest" })).timestamp;
  let references = 0;

  const farm: Farm = {
    anvil,
    chain,
    publicClient,
    testClient,
    deployment,
    admin,
    operator,
    farmer,
    investors,
    stranger,
    wallet,
    as,
    mined,
    now,
    async advance(seconds: bigint) {
      await testClient.increaseTime({ seconds: Number(seconds) });
      await testClient.mine({ blocks: 1 });
    },
    async submit(terms: InvoiceTerms = {}): Promise<bigint> {
      references += 1;
      const reference = terms.reference ?? `invoice-${references}-${Math.random()}`;
      const receipt = await mined(
        as(operator).nft.write.submitInvoice([
          terms.farmer ?? farmer.account.address,
          terms.amount ?? 1_000n * ONE_GOLD,
          // 0.4 % for the term: within the fee cap (0.067 % a day) down to the shortest term, 7 days.
          terms.yieldBps ?? 40,
          terms.tenorDays ?? 30,
          (await now()) + (terms.fundingDays ?? 7n) * DAY,
          keccak256(toHex(reference)),
          sha256(toHex(`document of ${reference}`)),
        ]),
      );
      const [submitted] = parseEventLogs({
        abi: farmNftAbi,
        logs: receipt.logs,
        eventName: "InvoiceSubmitted",
      });
      if (!submitted) throw new Error("submitInvoice emitted no InvoiceSubmitted");
      return submitted.args.tokenId;
    },
    async open(terms: InvoiceTerms = {}): Promise<bigint> {
      const tokenId = await farm.submit(terms);
      await mined(as(admin).nft.write.approveInvoice([tokenId]));
      return tokenId;
    },
    async invest(investor: Wallet, tokenId: bigint, amount: bigint): Promise<TransactionReceipt> {
      await mined(as(investor).gold.write.approve([deployment.farmNft, amount]));
      return mined(as(investor).nft.write.invest([tokenId, amount]));
    },
    async repay(tokenId: bigint, amount: bigint, payer: Wallet = farmer): Promise<TransactionReceipt> {
      await mined(as(payer).gold.write.approve([deployment.farmNft, amount]));
      return mined(as(payer).nft.write.repay([tokenId, amount]));
    },
    async invoice(tokenId: bigint): Promise<Invoice> {
      return as(admin).nft.read.getInvoice([tokenId]);
    },
    async goldOf(address: `0x${string}`): Promise<bigint> {
      return as(admin).gold.read.balanceOf([address]);
    },
    async sharesOf(address: `0x${string}`, tokenId: bigint): Promise<bigint> {
      return as(admin).nft.read.balanceOf([address, tokenId]);
    },
    stop: () => anvil.stop(),
  };
  return farm;
}

/**
 * Starts one Farm for the test file and rolls the chain back to the freshly deployed state after every test
 * (evm_snapshot / evm_revert), so tests stay independent and fast.
 */
export function useFarm(): () => Farm {
  let farm: Farm | undefined;
  let snapshot: Hex | undefined;
  beforeAll(async () => {
    farm = await startFarm();
  });
  afterAll(async () => {
    await farm?.stop();
  });
  beforeEach(async () => {
    snapshot = await farm?.testClient.snapshot();
  });
  afterEach(async () => {
    if (farm && snapshot) await farm.testClient.revert({ id: snapshot });
  });
  return () => {
    if (!farm) throw new Error("the farm is not started yet");
    return farm;
  };
}

/** Investor wallet `i` of a started farm (anvil accounts after the admin, operator and farmer). */
export function investorOf(farm: () => Farm, i: number): Wallet {
  const found = farm().investors[i];
  if (!found) throw new Error(`no investor ${i}`);
  return found;
}
