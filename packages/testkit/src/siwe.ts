import type { Hex, LocalAccount } from "viem";
import { createSiweMessage } from "viem/siwe";

type SiweFields = Parameters<typeof createSiweMessage>[0];

/** An EIP-4361 message for `nonce` made for the app at `origin`, signed by `account`, as the apps make it. */
export async function signSiwe(
  account: LocalAccount,
  {
    nonce,
    origin,
    chainId,
    ...overrides
  }: { nonce: string; origin: string; chainId: number } & Partial<SiweFields>,
): Promise<{ message: string; signature: Hex }> {
  const url = new URL(origin);
  const message = createSiweMessage({
    domain: url.host,
    uri: url.origin,
    address: account.address,
    chainId,
    nonce,
    version: "1",
    statement: "Sign in to Farm",
    issuedAt: new Date(),
    ...overrides,
  });
  return { message, signature: await account.signMessage({ message }) };
}

/**
 * Signs `account` in through the API's real SIWE endpoints over HTTP, as the app at `origin` would, and returns the
 * `farm_session=...` cookie to send with later requests.
 */
export async function signInOverHttp({
  apiUrl,
  origin,
  chainId,
  account,
}: {
  apiUrl: string;
  origin: string;
  chainId: number;
  account: LocalAccount;
}): Promise<string> {
  const nonceReply = await fetch(`${apiUrl}/api/auth/nonce`);
  if (!nonceReply.ok) throw new Error(`GET /api/auth/nonce answered ${nonceReply.status}`);
  const { nonce } = (await nonceReply.json()) as { nonce: string };
  const signed = await signSiwe(account, { nonce, origin, chainId });
  const reply = await fetch(`${apiUrl}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(origin).origin },
    body: JSON.stringify(signed),
  });
  if (!reply.ok) throw new Error(`POST /api/auth/verify answered ${reply.status}: ${await reply.text()}`);
  const cookie = reply.headers.getSetCookie().find((value) => value.startsWith("farm_session="));
  if (!cookie) throw new Error("POST /api/auth/verify set no session cookie");
  return cookie.split(";")[0]!;
}
