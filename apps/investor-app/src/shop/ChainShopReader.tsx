import { useSession } from "@farm/ui";
import { useEffect } from "react";
import { useConnection } from "wagmi";
import type { ShopSeed } from "./shop-seed";
import { useShopSeeds } from "./use-shop-seeds";

/** What the chain says of the shop once the wallet code is here: the seeds for sale and whether this visitor can buy. */
export type ChainShop = { seeds: ShopSeed[] | undefined; error: Error | null; canBuy: boolean };

/**
 * Reads the shop on chain (`getAvailableInvoices`) and whether the connected wallet is the signed-in one, and hands
 * both up: the shop shows the index's seeds until this arrives, so its page never waits for the wallet code.
 */
export default function ChainShopReader({ onChange }: { onChange: (shop: ChainShop) => void }) {
  const { seeds, error } = useShopSeeds();
  const { session } = useSession();
  const { address } = useConnection();
  const canBuy = session !== null && address?.toLowerCase() === session.address.toLowerCase();
  useEffect(() => onChange({ seeds, error, canBuy }), [seeds, error, canBuy, onChange]);
  return null;
}
