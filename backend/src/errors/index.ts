/*
 * The backend's one error module: AppError and its makers here; outages (`dependency.ts`), chain (`chain.ts`) and
 * PostgreSQL (`pg.ts`) errors, game rule refusals (`game-rules.ts`) and the one error format (`plugin.ts`) beside it.
 */
import { type ApiErrorCode, errorCodes } from "@farm/core";

/** An error meant for the client: its status, SCREAMING_SNAKE code and message go out as they are. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, errorCodes.validationFailed, message, details);
export const unauthenticated = (message = "Sign in with your wallet first") =>
  new AppError(401, errorCodes.unauthenticated, message);
export const forbidden = (message = "You are not allowed to do this") =>
  new AppError(403, errorCodes.forbidden, message);
/** Admin routes and other wallets' KYC documents through the investor app's port (decision 0047). */
export const portalOnly = () =>
  new AppError(403, "PORTAL_ONLY", "Admin requests and KYC documents are answered only on the farmer portal");
/** An admin deciding on its own wallet's registration or verification: another admin decides it. */
export const ownWalletDecision = () =>
  new AppError(
    403,
    "OWN_WALLET_DECISION",
    "An admin cannot decide on its own wallet's registration or verification; another admin must",
  );
export const notFound = (message = "Not found") => new AppError(404, errorCodes.notFound, message);
export const conflict = (message: string, code: ApiErrorCode = errorCodes.conflict) =>
  new AppError(409, code, message);
export const payloadTooLarge = (message: string, details?: unknown) =>
  new AppError(413, errorCodes.payloadTooLarge, message, details);
export const unsupportedMediaType = (message: string, details?: unknown) =>
  new AppError(415, errorCodes.unsupportedMediaType, message, details);
/** A multipart body without a boundary, cut short or otherwise unreadable: the sender's fault, never a 500. */
export const malformedMultipart = () =>
  new AppError(
    400,
    "VALIDATION_FAILED",
    "The multipart body is malformed (no boundary, or cut short); send the form again",
  );

/** Messages of busboy (@fastify/busboy, dicer) for a body it cannot read. */
export const isMalformedMultipart = (error: unknown) =>
  error instanceof Error &&
  /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Part terminated early|Malformed part header|Missing Content-Type)/.test(
    error.message,
  );

export const unprocessable = (code: ApiErrorCode, message: string, details?: unknown) =>
  new AppError(422, code, message, details);
export const serviceUnavailable = (message: string) =>
  new AppError(503, errorCodes.serviceUnavailable, message);
