import { WhenWallet } from "@farm/ui";
import { lazy, Suspense } from "react";
import type { ChainShop } from "./ChainShopReader";

const ChainShopReader = lazy(() => import("./ChainShopReader"));

/**
 * Once the wallet code is here (the visitor connected, or signed in before), says whether this visitor can buy; before
 * that, nothing. Keeps wagmi out of the pages' own chunks.
 */
export function LazyChainShop({ onChange }: { onChange: (shop: ChainShop) => void }) {
  return (
    <WhenWallet>
      <Suspense fallback={null}>
        <ChainShopReader onChange={onChange} />
      </Suspense>
    </WhenWallet>
  );
}
