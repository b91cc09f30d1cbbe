import type { LocalAccount } from "viem";
import { createSiweMessage } from "viem/siwe";

/** Signs in to the API the way the apps do (EIP-4361) and returns the session cookie to send with later requests. */
export async function signIn(
  apiUrl: string,
  origin: string,
  chainId: number,
  account: LocalAccount,
): Promise<string> {
  const nonceRes = await fetch(`${apiUrl}/api/auth/nonce`);
  if (!nonceRes.ok) throw new Error(`GET /api/auth/nonce answered ${nonceRes.status}`);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const url = new URL(origin);
  const message = createSiweMessage({
    domain: url.host,
    address: account.address,
    statement: "Sign in to Farm.",
    uri: url.origin,
    version: "1",
    chainId,
    nonce,
  });
  const signature = await account.signMessage({ message });
  const verify = await fetch(`${apiUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url.origin },
    body: JSON.stringify({ message, signature }),
  });
  if (!verify.ok) throw new Error(`POST /api/auth/verify answered ${verify.status}: ${await verify.text()}`);
  const cookie = verify.headers.get("set-cookie");
  if (!cookie) throw new Error("POST /api/auth/verify set no session cookie");
  return cookie.split(";")[0]!;
}
