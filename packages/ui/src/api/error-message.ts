import type { Translate } from "../i18n/types";
import { ApiError } from "./api-error";

/**
 * An API error in the user's words: the app's dictionary may hold `api.<CODE>`; otherwise the API's own message,
 * which the backend writes for people. The request's reference follows, so a person can quote it to support.
 */
export function apiErrorMessage(error: unknown, t: Translate, secondsLeft?: number): string {
  const message = messageOf(error, t, secondsLeft);
  if (!(error instanceof ApiError) || !error.requestId) return message;
  return `${message} ${t("api.requestRef", { id: error.requestId.slice(0, 8) })}`;
}

/** `secondsLeft` is what remains of a 429's wait as it counts down (ApiErrorText); 0 says it may be tried now. */
function messageOf(error: unknown, t: Translate, secondsLeft?: number): string {
  if (error instanceof ApiError) {
    if (error.status === 429 && error.retryAfterSeconds !== undefined) {
      const left = secondsLeft ?? Math.max(1, error.retryAfterSeconds);
      return left > 0 ? t("api.rateLimitedWait", { count: left }) : t("api.rateLimitedOver");
    }
    const named = documentProblem(error, t);
    if (named) return named;
    const key = `api.${error.code}`;
    const translated = t(key);
    if (translated !== key) return translated;
    if (error.status === 401) return t("api.UNAUTHORIZED");
    if (error.status === 403) return t("api.FORBIDDEN");
    if (error.status === 429) return t("api.RATE_LIMITED");
    if (error.status >= 500) return t("api.SERVER_ERROR");
    return error.message;
  }
  return t("api.SERVER_ERROR");
}

const fileTypeNames: Record<string, string> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "application/pdf": "PDF",
};

/**
 * A refused upload names its document: the API's 413 and 415 carry the document's kind (and the limit or the types
 * allowed), the app's dictionary its name (`document.<kind>`); e.g. "Bank statement has the wrong file type: PDF only."
 */
function documentProblem(error: ApiError, t: Translate): string | null {
  const details = error.details;
  if (typeof details !== "object" || details === null) return null;
  const { kind, maxBytes, allowed } = details as { kind?: unknown; maxBytes?: unknown; allowed?: unknown };
  if (typeof kind !== "string") return null;
  const nameKey = `document.${kind}`;
  const document = t(nameKey);
  if (document === nameKey) return null;
  if (error.status === 413 && typeof maxBytes === "number")
    return t("api.PAYLOAD_TOO_LARGE.named", { document, mb: Math.round(maxBytes / 1024 / 1024) });
  if (error.status === 415 && Array.isArray(allowed)) {
    const types = allowed.map((type) => fileTypeNames[String(type)] ?? String(type)).join(", ");
    return t("api.UNSUPPORTED_MEDIA_TYPE.named", { document, types });
  }
  return null;
}
