import { WhenWallet } from "@farm/ui";
import { lazy, Suspense } from "react";
import type { ChainShop } from "./ChainShopReader";

const ChainShopReader = lazy(() => import("./ChainShopReader"));

/**
 * Once the wallet code is here, reads the shop on chain (the truth) and hands it up; before that, nothing, and the
 * page shows the index's seeds. Keeps wagmi out of the pages' own chunks.
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
