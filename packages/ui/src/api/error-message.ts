import type { Translate } from "../i18n/types";
import { ApiError } from "./api-error";

/**
 * An API error in the user's words: the app's own `api.<CODE>` (its dictionary or a loaded route's pack), else the
 * catalogue's `apiError.<CODE>` (`api-error-words-*.ts`), else a word for the status; never the API's message, which
 * is English. The request's reference follows, so a person can quote it to support.
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
    const own = wordOf(t, `api.${error.code}`);
    if (own) return own;
    // An answer without the API's error body (a proxy's page): its status is all there is to say.
    if (error.code === "HTTP_ERROR")
      return error.status === 413
        ? t("apiError.HTTP_ERROR.413")
        : t("apiError.HTTP_ERROR", { status: String(error.status) });
    const catalogued = wordOf(t, `apiError.${error.code}`);
    if (catalogued) return catalogued;
    if (error.status === 401) return t("api.UNAUTHORIZED");
    if (error.status === 403) return t("api.FORBIDDEN");
    if (error.status === 429) return t("api.RATE_LIMITED");
    if (error.status >= 500) return t("api.SERVER_ERROR");
    // Never the API's own sentence: it is English whatever the page's language.
    return t("apiError.unknown");
  }
  return t("api.SERVER_ERROR");
}

/** The word of `key`, or null when no dictionary has it (`t` answers the key itself then). */
function wordOf(t: Translate, key: string): string | null {
  const word = t(key);
  return word === key ? null : word;
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
