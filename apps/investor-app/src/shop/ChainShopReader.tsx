import { useSession } from "@farm/ui";
import { useEffect } from "react";
import { useConnection } from "wagmi";

/** Whether this visitor can buy: the connected wallet is the signed-in one. Known only once the wallet code is here. */
export type ChainShop = { canBuy: boolean };

/** Reports whether the connected wallet is the signed-in one; rendered under `WhenWallet` (see LazyChainShop). */
export default function ChainShopReader({ onChange }: { onChange: (shop: ChainShop) => void }) {
  const { session } = useSession();
  const { address } = useConnection();
  const canBuy = session !== null && address?.toLowerCase() === session.address.toLowerCase();
  useEffect(() => onChange({ canBuy }), [canBuy, onChange]);
  return null;
}
