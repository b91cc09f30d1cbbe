import { signInOverHttp } from "@farm/testkit";
import type { LocalAccount } from "viem";

/** Signs in to the API the way the apps do (EIP-4361) and returns the session cookie to send with later requests. */
export async function signIn(
  apiUrl: string,
  origin: string,
  chainId: number,
  account: LocalAccount,
): Promise<string> {
  return signInOverHttp({ apiUrl, origin, chainId, account });
}
