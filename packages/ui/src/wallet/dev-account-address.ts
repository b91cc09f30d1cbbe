import type { Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devAccounts } from "./dev-accounts";

const cache = new Map<number, Address>();

/** The address of dev account `index` (derived once: deriving is a elliptic-curve multiplication). */
export function devAccountAddress(index: number): Address {
  let address = cache.get(index);
  if (!address) {
    const account = devAccounts[index];
    if (!account) throw new RangeError(`no dev account ${index}`);
    address = privateKeyToAccount(account.privateKey).address;
    cache.set(index, address);
  }
  return address;
}
