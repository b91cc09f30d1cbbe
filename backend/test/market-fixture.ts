import { randomBytes } from "node:crypto";
import { farmNftAbi, goldTokenAbi, waitForReceipt } from "@farm/contracts";
import { marketTypedData, wibDateTime } from "@farm/core";
import type { Address, Hash, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { farmMarketAbi } from "../src/chain/market-abi";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { type BackendKind, signIn, type TestApp } from "./helpers";

export const DAY = 86_400;
/** 0.98 GOLD per GOLD of face value: a 2 % discount. */
export const PRICE = 98n * 10n ** 16n;

export interface OrderTerms {
  side?: "listing" | "offer";
  shares: bigint;
  price?: bigint;
  expiry?: bigint;
  nonce?: bigint;
}

/** A signed order as the apps post it to `POST /api/market/orders`. */
export type SignedOrder = Awaited<ReturnType<MarketDriver["sign"]>>;

/** Drives FarmMarket on a FarmChain as wallets would: signs orders, fills, cancels, approves the market. */
export class MarketDriver {
  constructor(
    private readonly farm: FarmChain,
    readonly market: Address,
  ) {}

  async confirm(hash: Hash): Promise<void> {
    const receipt = await waitForReceipt(this.farm.publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`${hash} reverted`);
  }

  goldOf(address: Address): Promise<bigint> {
    return this.farm.publicClient.readContract({
      address: this.farm.deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "balanceOf",
      args: [address],
    });
  }

  async chainSeconds(): Promise<bigint> {
    return (await this.farm.publicClient.getBlock()).timestamp;
  }

  /** Today in WIB on the chain's clock, as statements are dated. */
  async wibToday(): Promise<string> {
    return wibDateTime(new Date(Number(await this.chainSeconds()) * 1000)).slice(0, 10);
  }

  /** A random 64-bit nonce, as the apps pick one. */
  nonce(): bigint {
    return BigInt(`0x${randomBytes(8).toString("hex")}`);
  }

  async sign(wallet: Wallet, terms: OrderTerms, tokenId: bigint) {
    const order = {
      side: terms.side ?? "listing",
      signer: wallet.account.address,
      tokenId: tokenId.toString(),
      shares: terms.shares.toString(),
      price: (terms.price ?? PRICE).toString(),
      expiry: (terms.expiry ?? (await this.chainSeconds()) + BigInt(7 * DAY)).toString(),
      nonce: (terms.nonce ?? this.nonce()).toString(),
    } as const;
    const signature = await wallet.signTypedData({
      account: wallet.account,
      ...marketTypedData(order, this.farm.anvil.chainId, this.market),
    });
    return { ...order, signature };
  }

  /** Fills `amount` shares of a listing (as its buyer) or of an offer (as the holder accepting it). */
  async fill(wallet: Wallet, order: SignedOrder, amount: bigint): Promise<void> {
    const terms = {
      tokenId: BigInt(order.tokenId),
      shares: BigInt(order.shares),
      price: BigInt(order.price),
      expiry: BigInt(order.expiry),
      nonce: BigInt(order.nonce),
    };
    const signature = order.signature as Hex;
    const hash =
      order.side === "listing"
        ? await wallet.writeContract({
            address: this.market,
            abi: farmMarketAbi,
            functionName: "fillListing",
            args: [{ seller: order.signer, ...terms }, signature, amount],
          })
        : await wallet.writeContract({
            address: this.market,
            abi: farmMarketAbi,
            functionName: "acceptOffer",
            args: [{ buyer: order.signer, ...terms }, signature, amount],
          });
    await this.confirm(hash);
  }

  async cancel(wallet: Wallet, nonce: bigint): Promise<void> {
    await this.confirm(
      await wallet.writeContract({
        address: this.market,
        abi: farmMarketAbi,
        functionName: "cancel",
        args: [nonce],
      }),
    );
  }

  /** The seller's setApprovalForAll(market) on FarmNFT. */
  async approveShares(wallet: Wallet): Promise<void> {
    await this.confirm(
      await wallet.writeContract({
        address: this.farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "setApprovalForAll",
        args: [this.market, true],
      }),
    );
  }

  /** The buyer's GOLD allowance to the market. */
  async approveGold(wallet: Wallet): Promise<void> {
    await this.confirm(
      await wallet.writeContract({
        address: this.farm.deployment.goldToken,
        abi: goldTokenAbi,
        functionName: "approve",
        args: [this.market, gold(1_000_000n)],
      }),
    );
  }
}

/** A fresh anvil with the farm and FarmMarket deployed, its drivers, an app of `kind` indexing it; `stop` ends both. */
export async function startMarketChain(kind: BackendKind, env: Record<string, string> = {}) {
  const farm = await startFarmChain();
  if (!farm.deployment.farmMarket) throw new Error("deployFarm deployed no FarmMarket");
  const m = new MarketDriver(farm, farm.deployment.farmMarket);
  const t = await startChainApp(farm, kind, env);
  const stop = async () => {
    await t.close();
    await farm.stop();
  };
  return { farm, m, driver: new FarmDriver(farm), t, stop };
}

/** A signed-in session cookie for each key's wallet, by address (the market's routes take the signer's session). */
export async function sessionCookies(
  app: TestApp["app"],
  keys: readonly Hex[],
): Promise<Map<Address, string>> {
  const cookies = new Map<Address, string>();
  for (const key of keys) {
    const account = privateKeyToAccount(key);
    cookies.set(account.address, await signIn(app, account));
  }
  return cookies;
}

/**
 * The state a trade starts from: the buyer holds `buyerGold` and both sides let FarmMarket move their GOLD and shares,
 * indexed; the session cookies of `keys`' wallets.
 */
export async function readyToTrade(
  t: TestApp,
  m: MarketDriver,
  driver: FarmDriver,
  sides: { buyer: Wallet; seller: Wallet; buyerGold: bigint },
  keys: readonly Hex[],
): Promise<Map<Address, string>> {
  await driver.fundGold(sides.buyer, sides.buyerGold);
  await m.approveGold(sides.buyer);
  await m.approveShares(sides.seller);
  await indexNow(t);
  return sessionCookies(t.app, keys);
}

/** A funded invoice of 100 GOLD as the index holds it: funded ten days before `now`, maturing twenty days after. */
export function fundedInvoiceRow(tokenId: bigint, farmer: Address, now: Date) {
  const day = DAY * 1000;
  return {
    tokenId,
    farmer,
    amount: 100n * 10n ** 18n,
    funded: 100n * 10n ** 18n,
    repaid: 0n,
    yieldBps: 200,
    tenorDays: 30,
    fundingDeadline: new Date(now.getTime() - 20 * day),
    fundedAt: new Date(now.getTime() - 10 * day),
    maturity: new Date(now.getTime() + 20 * day),
    status: "funded",
    referenceHash: `0x${tokenId.toString().padStart(64, "0")}`,
    recovered: 0n,
    graceDays: 30,
    submittedBlock: 1,
    updatedBlock: 1,
    updatedLogIndex: 0,
  };
}

/** A wallet's live retail credential as the index holds it, with a limit no test reaches. */
export const openCredentialRow = (wallet: Address) => ({
  wallet,
  tier: 1,
  validUntil: 4_000_000_000,
  frozen: false,
  limit: 10n ** 30n,
  updatedBlock: 1,
});
