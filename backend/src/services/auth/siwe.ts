import type { ApiErrorCode } from "@farm/core";
import { getAddress, type Hex, type PublicClient, verifyMessage } from "viem";
import { parseSiweMessage } from "viem/siwe";
import type { CacheStore } from "../../adapters/cache";
import { AppError } from "../../errors";
import { consumeNonce } from "./nonces";

export interface SiweRules {
  chainId: number;
  /** Origins (scheme://host:port) the apps are served from; the message's domain and URI must name one of them. */
  allowedOrigins: string[];
}

/** Clocks of a wallet and the server disagree by this much at most. */
const clockSkewMs = 60_000;

const refuse = (code: ApiErrorCode, message: string) => new AppError(401, code, message);

/**
 * Checks an EIP-4361 sign-in: message fields against the configuration, the signature, then spends the nonce.
 * EOA signatures are checked offline; when a chain client is given, smart-contract wallets (ERC-1271/6492) too.
 */
export async function verifySignIn(
  input: { message: string; signature: Hex },
  rules: SiweRules,
  cache: CacheStore,
  chainClient: PublicClient | undefined,
  now = new Date(),
): Promise<`0x${string}`> {
  const fields = parseSiweMessage(input.message);
  if (
    !fields.address ||
    !fields.domain ||
    !fields.uri ||
    !fields.nonce ||
    !fields.chainId ||
    fields.version !== "1"
  ) {
    throw new AppError(400, "SIWE_MESSAGE_INVALID", "The message is not a complete EIP-4361 sign-in message");
  }
  const origin = rules.allowedOrigins.find((allowed) => new URL(allowed).host === fields.domain);
  let uriOrigin: string | undefined;
  try {
    uriOrigin = new URL(fields.uri).origin;
  } catch {
    uriOrigin = undefined;
  }
  if (origin === undefined || uriOrigin !== origin) {
    throw refuse("SIWE_DOMAIN_MISMATCH", "The message was made for another site");
  }
  if (fields.chainId !== rules.chainId) {
    throw refuse("SIWE_CHAIN_MISMATCH", `Sign in on chain ${rules.chainId}`);
  }
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw refuse("SIWE_EXPIRED", "The sign-in message has expired; sign a new one");
  }
  if (fields.issuedAt && fields.issuedAt.getTime() > now.getTime() + clockSkewMs) {
    throw refuse(
      "SIWE_ISSUED_IN_FUTURE",
      "The sign-in message is dated in the future; check your device's clock",
    );
  }
  if (fields.notBefore && fields.notBefore.getTime() > now.getTime()) {
    throw refuse("SIWE_NOT_YET_VALID", "The sign-in message is not valid yet");
  }
  const address = getAddress(fields.address);
  const valid =
    (await verifyMessage({ address, message: input.message, signature: input.signature }).catch(
      () => false,
    )) ||
    (chainClient !== undefined &&
      (await chainClient
        .verifyMessage({ address, message: input.message, signature: input.signature })
        .catch(() => false)));
  if (!valid) throw refuse("SIWE_SIGNATURE_INVALID", "The signature does not match the message and address");
  const nonceIssuedAt = await consumeNonce(cache, fields.nonce);
  if (nonceIssuedAt === null) {
    throw refuse("SIWE_NONCE_INVALID", "The nonce is unknown, expired or already used; request a new one");
  }
  // The message names the nonce, so it cannot have been written before the nonce was issued.
  if (fields.issuedAt && fields.issuedAt.getTime() < nonceIssuedAt - clockSkewMs) {
    throw refuse("SIWE_ISSUED_BEFORE_NONCE", "The sign-in message is older than its nonce; sign a new one");
  }
  return address;
}
