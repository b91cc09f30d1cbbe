import { devAccounts } from "./dev-accounts";

const storageKey = "farm.devWallet.account";

/** Which dev account the local dev wallet signs with; remembered across reloads. */
export function readDevAccountIndex(fallback: number): number {
  const raw = globalThis.localStorage?.getItem(storageKey);
  if (raw === null || raw === undefined) return fallback;
  const index = Number(raw);
  return Number.isInteger(index) && index >= 0 && index < devAccounts.length ? index : fallback;
}

export function writeDevAccountIndex(index: number): void {
  globalThis.localStorage?.setItem(storageKey, String(index));
}
