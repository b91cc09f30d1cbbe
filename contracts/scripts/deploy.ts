import { writeFile } from "node:fs/promises";
import { ONE_GOLD } from "@farm/core";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getAddress,
  http,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { farmMarketAbi } from "../src/abi/FarmMarket";
import { farmNftAbi } from "../src/abi/FarmNFT";
import { farmVaultAbi } from "../src/abi/FarmVault";
import { goldFaucetAbi } from "../src/abi/GoldFaucet";
import { goldTokenAbi } from "../src/abi/GoldToken";
import { deployDefaults, deployFarm } from "../src/deploy";
import { writeDeployment } from "../src/deployment-file";
import { chainWithFees, networkByChainId, networkNames, networkPresets } from "../src/networks";
import { standardJsonInput } from "./solc";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be an address");
const wholeGold = z
  .string()
  .regex(/^\d+$/, "whole GOLD, digits only")
  .transform((value) => BigInt(value) * ONE_GOLD);
const blankIsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** `npm run deploy -w contracts`: every setting from the environment (listed in .env.example). */
const envSchema = z.object({
  NETWORK: z.preprocess(blankIsUnset, z.enum(networkNames).optional()),
  RPC_URL: z.preprocess(blankIsUnset, z.url().optional()),
  DEPLOYER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex key"),
  ADMIN_ADDRESS: z.preprocess(blankIsUnset, address.optional()),
  OPERATOR_ADDRESS: z.preprocess(blankIsUnset, address.optional()),
  PUBLIC_API_URL: z.preprocess(blankIsUnset, z.url().optional()),
  VAULT_FUNDING_GOLD: z.preprocess(blankIsUnset, wholeGold.optional()),
  FAUCET_FUNDING_GOLD: z.preprocess(blankIsUnset, wholeGold.optional()),
  DEPLOYMENTS_DIR: z.preprocess(blankIsUnset, z.string().min(1).optional()),
});

const parsed = envSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;
const named = env.NETWORK ? networkPresets[env.NETWORK] : undefined;
const rpcUrl = env.RPC_URL ?? named?.chain.rpcUrls.default.http[0];
if (!rpcUrl) {
  console.error("RPC_URL: required (or NETWORK, whose public RPC is used)");
  process.exit(1);
}

const transport = http(rpcUrl);
const chainId = await createPublicClient({ transport }).getChainId();
if (named && named.chain.id !== chainId) {
  console.error(`RPC_URL serves chain ${chainId}, not ${env.NETWORK} (${named.chain.id})`);
  process.exit(1);
}
const preset = named ?? networkByChainId(chainId);
const chain = preset
  ? chainWithFees(preset, rpcUrl)
  : defineChain({
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
const publicClient = createPublicClient({ chain, transport, pollingInterval: 250 });
const account = privateKeyToAccount(env.DEPLOYER_PRIVATE_KEY as `0x${string}`);
const walletClient = createWalletClient({ chain, transport, account });
const local = preset?.name === "anvil";
// Wallets and explorers substitute {id} with the token id in 64 hex digits (EIP-1155 metadata).
const uri = env.PUBLIC_API_URL ? `${env.PUBLIC_API_URL.replace(/\/+$/, "")}/api/metadata/{id}` : "";

console.log(
  `deploying on ${preset?.name ?? "an unnamed network"} (chain ${chainId}) from ${account.address}`,
);
if (!env.OPERATOR_ADDRESS) console.warn("OPERATOR_ADDRESS unset: the admin also gets OPERATOR_ROLE");
if (!uri) console.warn("PUBLIC_API_URL unset: FarmNFT's URI stays empty, wallets show bare units");

const deployment = await deployFarm({
  publicClient,
  walletClient,
  admin: env.ADMIN_ADDRESS as `0x${string}` | undefined,
  operator: env.OPERATOR_ADDRESS as `0x${string}` | undefined,
  uri,
  // Testnet GOLD for the faucet and the yield reserve: the local defaults on anvil, only when asked elsewhere.
  ...(local ? {} : { vaultFunding: 0n, faucetFunding: 0n }),
  ...(env.VAULT_FUNDING_GOLD !== undefined ? { vaultFunding: env.VAULT_FUNDING_GOLD } : {}),
  ...(env.FAUCET_FUNDING_GOLD !== undefined ? { faucetFunding: env.FAUCET_FUNDING_GOLD } : {}),
});
const path = await writeDeployment(deployment, env.DEPLOYMENTS_DIR);
// FarmNFT takes its admin and operator in its constructor (deployFarm's defaults: the deployer, then the admin).
const farmAdmin = getAddress(env.ADMIN_ADDRESS ?? account.address);
const farmOperator = getAddress(env.OPERATOR_ADDRESS ?? farmAdmin);
const addressKey = {
  GoldToken: "goldToken",
  FarmVault: "farmVault",
  FarmNFT: "farmNft",
  GoldFaucet: "goldFaucet",
  FarmMarket: "farmMarket",
} as const;
console.log(JSON.stringify(deployment, null, 2));
console.log(`deployment written to ${path}`);

// Block-explorer verification: one standard JSON input for all five contracts, and each one's constructor arguments.
const { compilerVersion, input } = standardJsonInput();
const inputPath = path.replace(/\.json$/, ".standard-input.json");
await writeFile(inputPath, `${JSON.stringify(input, null, 2)}\n`);
const constructorArguments = {
  GoldToken: encodeDeployData({
    abi: goldTokenAbi,
    bytecode: "0x",
    args: [account.address, deployDefaults.supplyCap],
  }),
  FarmVault: encodeDeployData({
    abi: farmVaultAbi,
    bytecode: "0x",
    args: [account.address, deployment.goldToken],
  }),
  FarmNFT: encodeDeployData({
    abi: farmNftAbi,
    bytecode: "0x",
    args: [farmAdmin, farmOperator, deployment.goldToken, deployment.farmVault, uri],
  }),
  GoldFaucet: encodeDeployData({
    abi: goldFaucetAbi,
    bytecode: "0x",
    args: [
      account.address,
      deployment.goldToken,
      deployDefaults.faucetClaimAmount,
      deployDefaults.faucetCooldown,
      deployDefaults.faucetLifetimeCap,
    ],
  }),
  FarmMarket: encodeDeployData({
    abi: farmMarketAbi,
    bytecode: "0x",
    args: [deployment.farmNft, deployment.goldToken, farmAdmin],
  }),
};
console.log(`\nverification: compiler ${compilerVersion}, optimizer on (200 runs), EVM cancun`);
console.log(`standard JSON input (all five contracts): ${inputPath}`);
for (const [name, encoded] of Object.entries(constructorArguments)) {
  console.log(
    `${name.padEnd(11)} ${deployment[addressKey[name as keyof typeof addressKey]]} constructor arguments ${encoded.slice(2)}`,
  );
}
