import { type AnvilDevRole, anvilDevAccounts, anvilDevRole } from "@farm/core/dev-accounts";
import type { Address, Hex } from "viem";

/**
 * The well-known anvil development accounts, offered only when the backend says the chain is a local dev chain.
 * Public knowledge: worthless anywhere else.
 */
export type DevAccount = {
  index: number;
  privateKey: Hex;
  address: Address;
  role: AnvilDevRole;
};

/** Role convention of the local stack (`anvilDevRole`): 0 admin, 1 operator, 2 demo farmer, 3-4 demo investors, 10 buyer. */
export const devAccounts: readonly DevAccount[] = anvilDevAccounts.map(([privateKey, address], index) => ({
  index,
  privateKey,
  address,
  role: anvilDevRole(index),
}));
