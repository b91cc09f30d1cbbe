import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { apiGet } from "../api/client";

/** `GET /api/config`: what the apps need to reach the chain; nothing about the chain is hard-coded in the apps. */
export type ChainConfig = {
  chainId: number;
  rpcUrl: string;
  contracts: { goldToken: Address; goldFaucet: Address; farmNft: Address; farmVault: Address } | null;
  devWallet: boolean;
  /** Blocks a transaction waits under before the backend's index shows it (0 on the local chain). */
  confirmations: number;
  /** Whole Rupiah one GOLD is worth on this deployment (RUPIAH_PER_GOLD); null: none configured, no Rupiah shown. */
  rupiahPerGold: bigint | null;
  /** Who published the rate and the day it was read (YYYY-MM-DD), shown beside it; null when not stated. */
  rupiahRateSource: string | null;
  rupiahRateDate: string | null;
  /** The seed market (FarmMarket): its address and fee; null on a deployment without it (the market is off). */
  market: { address: Address; feeBps: number; feeRecipient: Address | null } | null;
};

export const chainConfigQueryKey = ["config"] as const;

/** A config answer that is not what the apps can use: sending transactions by it could reach the wrong place. */
export class ChainConfigError extends Error {
  override readonly name = "ChainConfigError";
}

/**
 * The shape of an address only: viem checks the checksum of every address the wallet code sends to (loaded with it),
 * and its keccak would otherwise weigh on every first page.
 */
const addressShape = /^0x[0-9a-fA-F]{40}$/;

function addressOf(value: unknown, field: string): Address {
  if (typeof value !== "string" || !addressShape.test(value))
    throw new ChainConfigError(`${field} is not an address`);
  return value as Address;
}

/**
 * Checks `GET /api/config` field by field (a wrong answer here would send transactions to the wrong place). Written
 * out rather than with zod so a page that never touches the chain does not carry a schema library for six fields.
 */
export function readChainConfig(body: unknown): ChainConfig {
  if (typeof body !== "object" || body === null) throw new ChainConfigError("the config is not an object");
  const {
    chainId,
    rpcUrl,
    contracts,
    devWallet,
    confirmations = 0,
    rupiahPerGold = null,
    rupiahRateSource = null,
    rupiahRateDate = null,
    market = null,
  } = body as Record<string, unknown>;
  if (typeof chainId !== "number" || !Number.isInteger(chainId) || chainId <= 0)
    throw new ChainConfigError("chainId is not a positive integer");
  if (typeof rpcUrl !== "string" || rpcUrl.length === 0) throw new ChainConfigError("rpcUrl is empty");
  if (typeof devWallet !== "boolean") throw new ChainConfigError("devWallet is not a boolean");
  if (typeof confirmations !== "number" || !Number.isInteger(confirmations) || confirmations < 0)
    throw new ChainConfigError("confirmations is not a whole number");
  if (rupiahPerGold !== null && (typeof rupiahPerGold !== "string" || !/^[1-9][0-9]*$/.test(rupiahPerGold)))
    throw new ChainConfigError("rupiahPerGold is neither null nor a whole number of Rupiah");
  if (rupiahRateSource !== null && typeof rupiahRateSource !== "string")
    throw new ChainConfigError("rupiahRateSource is neither null nor text");
  if (
    rupiahRateDate !== null &&
    (typeof rupiahRateDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(rupiahRateDate))
  )
    throw new ChainConfigError("rupiahRateDate is neither null nor a day");
  if (contracts !== null && (typeof contracts !== "object" || contracts === undefined))
    throw new ChainConfigError("contracts is neither null nor an object");
  const listed = contracts as Record<string, unknown> | null;
  if (market !== null && (typeof market !== "object" || market === undefined))
    throw new ChainConfigError("market is neither null nor an object");
  const marketFields = market as Record<string, unknown> | null;
  const feeBps = marketFields?.feeBps;
  if (marketFields && (typeof feeBps !== "number" || !Number.isInteger(feeBps) || feeBps < 0 || feeBps > 100))
    throw new ChainConfigError("market.feeBps is not a fee between 0 and 100 basis points");
  return {
    chainId,
    rpcUrl,
    devWallet,
    confirmations,
    rupiahPerGold: rupiahPerGold === null ? null : BigInt(rupiahPerGold),
    rupiahRateSource,
    rupiahRateDate,
    contracts: listed
      ? {
          goldToken: addressOf(listed.goldToken, "contracts.goldToken"),
          goldFaucet: addressOf(listed.goldFaucet, "contracts.goldFaucet"),
          farmNft: addressOf(listed.farmNft, "contracts.farmNft"),
          farmVault: addressOf(listed.farmVault, "contracts.farmVault"),
        }
      : null,
    market: marketFields
      ? {
          address: addressOf(marketFields.address, "market.address"),
          feeBps: feeBps as number,
          feeRecipient:
            marketFields.feeRecipient === null || marketFields.feeRecipient === undefined
              ? null
              : addressOf(marketFields.feeRecipient, "market.feeRecipient"),
        }
      : null,
  };
}

export async function fetchChainConfig(signal?: AbortSignal): Promise<ChainConfig> {
  return readChainConfig(await apiGet<unknown>("/config", signal));
}

export function useChainConfig() {
  return useQuery({
    queryKey: chainConfigQueryKey,
    queryFn: ({ signal }) => fetchChainConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
