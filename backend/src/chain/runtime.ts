import type { PublicClient } from "viem";
import type { OperatorWallet } from "./adapter";
import type { ChainHookRegistry } from "./hooks/registry";
import type { FarmAddresses } from "./indexer/events";
import type { ChainIndexer } from "./indexer/indexer";

/** Everything that talks to the chain, decorated onto the app as `app.chain`. */
export interface ChainRuntime {
  chainId: number;
  publicClient: PublicClient;
  /** The OPERATOR_ROLE signer; null without OPERATOR_PRIVATE_KEY (invoice submission answers 503). */
  operator: OperatorWallet | null;
  /** null until contracts are deployed on the configured chain. */
  addresses: FarmAddresses | null;
  /** Callbacks other parts register to run inside the index's transactions. */
  hooks: ChainHookRegistry;
  /** null without contracts or with the indexer switched off. */
  indexer: ChainIndexer | null;
  /**
   * Block the contracts were deployed in: event reads start here, never at block 0 (L2 nodes refuse such ranges).
   * Undefined until known: `deploymentBlockOf` then asks the node once.
   */
  deploymentBlock?: number;
}
