import type { Translate } from "../i18n/types";
import { ApiError } from "./api-error";

/**
 * An API error in the user's words: the app's dictionary may hold `api.<CODE>`; otherwise the API's own message,
 * which the backend writes for people. The request's reference follows, so a person can quote it to support.
 */
export function apiErrorMessage(error: unknown, t: Translate): string {
  const message = messageOf(error, t);
  if (!(error instanceof ApiError) || !error.requestId) return message;
  return `${message} ${t("api.requestRef", { id: error.requestId.slice(0, 8) })}`;
}

function messageOf(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
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
