import { anvilDevAccounts } from "@farm/core/dev-accounts";
import type { Hex } from "viem";

/**
 * The well-known anvil development keys (mnemonic "test test ... junk"), core's list without the addresses. Public
 * knowledge: never fund them on a real network. Index 0 deploys and is the admin, 1 is the backend operator, 2 the
 * demo farmer, 3.. investors.
 */
export const anvilKeys = anvilDevAccounts.map(([privateKey]) => privateKey) as unknown as KeysOf<
  typeof anvilDevAccounts
>;

type KeysOf<T extends readonly (readonly [Hex, Hex])[]> = { readonly [I in keyof T]: T[I][0] };
