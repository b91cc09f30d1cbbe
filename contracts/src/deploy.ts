import { ONE_GOLD } from "@farm/core";
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import { farmMarketAbi } from "./abi/FarmMarket";
import { farmNftAbi } from "./abi/FarmNFT";
import { farmVaultAbi } from "./abi/FarmVault";
import { goldFaucetAbi } from "./abi/GoldFaucet";
import { goldTokenAbi } from "./abi/GoldToken";
import { farmMarketBytecode } from "./bytecode/FarmMarket";
import { farmNftBytecode } from "./bytecode/FarmNFT";
import { farmVaultBytecode } from "./bytecode/FarmVault";
import { goldFaucetBytecode } from "./bytecode/GoldFaucet";
import { goldTokenBytecode } from "./bytecode/GoldToken";
import type { FarmDeployment } from "./deployment";
import { waitForReceipt } from "./receipt";
import { roles } from "./roles";

/** Defaults of a deployment; every one can be overridden through DeployFarmOptions. */
export const deployDefaults = {
  /** GOLD supply cap: one billion GOLD. */
  supplyCap: 1_000_000_000n * ONE_GOLD,
  /** Faucet: 10,000 GOLD per claim, once per 24 hours, at most 100,000 GOLD per address. */
  faucetClaimAmount: 10_000n * ONE_GOLD,
  faucetCooldown: 24n * 60n * 60n,
  faucetLifetimeCap: 100_000n * ONE_GOLD,
  faucetFunding: 10_000_000n * ONE_GOLD,
  /** Seed of the vault's free yield reserve. */
  vaultFunding: 1_000_000n * ONE_GOLD,
  uri: "",
} as const;

export interface DeployFarmOptions {
  publicClient: PublicClient;
  /** Signs every deployment transaction; its account is the deployer. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** Receives every admin role (DEFAULT_ADMIN, ADMIN, PAUSER, MINTER). FarmNFT and FarmMarket grant them to it in
   *  their constructors (FarmNFT's default admin then moves only in two delayed steps); on the other contracts the
   *  deployer's own roles are renounced after the hand-over. Defaults to the deployer, which keeps them. */
  admin?: Address;
  /** Receives OPERATOR_ROLE on FarmNFT (the backend signer). Defaults to the admin. */
  operator?: Address;
  /** GOLD minted into the faucet, base units. */
  faucetFunding?: bigint;
  /** GOLD deposited into the vault's free reserve, base units. */
  vaultFunding?: bigint;
  faucetClaimAmount?: bigint;
  faucetCooldown?: bigint;
  faucetLifetimeCap?: bigint;
  supplyCap?: bigint;
  uri?: string;
}

/**
 * Deploys GoldToken, FarmVault, FarmNFT and GoldFaucet, connects the vault to FarmNFT, funds the faucet and the
 * vault, grants the roles, deploys FarmMarket (the seed market, administered by the admin; last, so every other
 * address is what it was before the market existed) and returns the addresses with the block of the first deployment.
 */
export async function deployFarm(
  options: DeployFarmOptions,
): Promise<FarmDeployment & { farmMarket: Address }> {
  const { publicClient, walletClient } = options;
  const deployer = walletClient.account.address;
  const admin = getAddress(options.admin ?? deployer);
  const operator = getAddress(options.operator ?? admin);
  const chain = walletClient.chain ?? null;

  const confirm = async (hash: Hex) => {
    const receipt = await waitForReceipt(publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`deployment transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]) => {
    const hash = await walletClient.deployContract({
      abi,
      bytecode,
      args,
      account: walletClient.account,
      chain,
    });
    const receipt = await confirm(hash);
    if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`);
    return { address: getAddress(receipt.contractAddress), blockNumber: receipt.blockNumber };
  };
  const send = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) => {
    await confirm(
      await walletClient.writeContract({
        address,
        abi,
        functionName,
        args,
        account: walletClient.account,
        chain,
      }),
    );
  };

  const token = await deploy(goldTokenAbi, goldTokenBytecode, [
    deployer,
    options.supplyCap ?? deployDefaults.supplyCap,
  ]);
  const goldToken = token.address;
  const farmVault = (await deploy(farmVaultAbi, farmVaultBytecode, [deployer, goldToken])).address;
  const farmNft = (
    await deploy(farmNftAbi, farmNftBytecode, [
      admin,
      operator,
      goldToken,
      farmVault,
      options.uri ?? deployDefaults.uri,
    ])
  ).address;
  const goldFaucet = (
    await deploy(goldFaucetAbi, goldFaucetBytecode, [
      deployer,
      goldToken,
      options.faucetClaimAmount ?? deployDefaults.faucetClaimAmount,
      options.faucetCooldown ?? deployDefaults.faucetCooldown,
      options.faucetLifetimeCap ?? deployDefaults.faucetLifetimeCap,
    ])
  ).address;
  await send(farmVault, farmVaultAbi, "setFarmNft", [farmNft]);

  const faucetFunding = options.faucetFunding ?? deployDefaults.faucetFunding;
  if (faucetFunding > 0n) await send(goldToken, goldTokenAbi, "mint", [goldFaucet, faucetFunding]);
  const vaultFunding = options.vaultFunding ?? deployDefaults.vaultFunding;
  if (vaultFunding > 0n) {
    await send(goldToken, goldTokenAbi, "mint", [deployer, vaultFunding]);
    await send(goldToken, goldTokenAbi, "approve", [farmVault, vaultFunding]);
    await send(farmVault, farmVaultAbi, "depositYield", [vaultFunding]);
  }

  if (admin !== getAddress(deployer)) {
    const handOver: [Address, Abi, readonly Hex[]][] = [
      [goldToken, goldTokenAbi, [roles.MINTER_ROLE, roles.DEFAULT_ADMIN_ROLE]],
      [farmVault, farmVaultAbi, [roles.DEFAULT_ADMIN_ROLE]],
      [goldFaucet, goldFaucetAbi, [roles.DEFAULT_ADMIN_ROLE]],
    ];
    for (const [address, abi, roleIds] of handOver) {
      for (const role of roleIds) await send(address, abi, "grantRole", [role, admin]);
      // DEFAULT_ADMIN_ROLE comes last in each list, so the deployer can still grant until it gives that up.
      for (const role of roleIds) await send(address, abi, "renounceRole", [role, deployer]);
    }
  }

  // The seed market (decision 0058): its admin sets the fee and may pause trading; no roles to hand over.
  const farmMarket = (await deploy(farmMarketAbi, farmMarketBytecode, [farmNft, goldToken, admin])).address;

  return {
    chainId: await publicClient.getChainId(),
    goldToken,
    goldFaucet,
    farmNft,
    farmVault,
    farmMarket,
    deployer: getAddress(deployer),
    blockNumber: Number(token.blockNumber),
  };
}
