import type { Address } from "viem";
import { devAccounts } from "./dev-accounts";

/** The address of dev account `index` (written out in core's list: showing it needs no elliptic-curve code). */
export function devAccountAddress(index: number): Address {
  const account = devAccounts[index];
  if (!account) throw new RangeError(`no dev account ${index}`);
  return account.address;
}
