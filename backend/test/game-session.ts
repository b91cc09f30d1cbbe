import type { Address } from "viem";
import { createSession } from "../src/services/auth/sessions";
import { randomAccount, type TestApp } from "./helpers";

/** A fresh wallet with a session written straight into the cache store (the SIWE flow has its own suite). */
export async function signedInPlayer(
  t: TestApp,
  address: Address = randomAccount().address,
): Promise<{ address: Address; cookie: string }> {
  const sessionId = await createSession(t.cache, address);
  return { address, cookie: `farm_session=${sessionId}` };
}
