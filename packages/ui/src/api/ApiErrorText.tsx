import { useEffect, useState } from "react";
import { useT } from "../i18n/I18nProvider";
import { Notice } from "../layout/Notice";
import { ApiError } from "./api-error";
import { apiErrorMessage } from "./error-message";

/** Seconds left of a 429's Retry-After, counted from when this error was first shown; undefined for other errors. */
function useRetryCountdown(error: unknown): number | undefined {
  const wait = error instanceof ApiError && error.status === 429 ? error.retryAfterSeconds : undefined;
  const [left, setLeft] = useState(wait);
  useEffect(() => {
    setLeft(wait);
    if (wait === undefined) return;
    const shownAt = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, wait - Math.floor((Date.now() - shownAt) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return left;
}

/** An API error in the user's words; a 429's wait counts down to "you can try again now". */
export function ApiErrorText({ error }: { error: unknown }) {
  const t = useT();
  return <>{apiErrorMessage(error, t, useRetryCountdown(error))}</>;
}

/**
 * What a page shows while its first query is not answered: the error in the user's words, or "loading"; null once
 * the data is there, so the page renders it.
 */
export function QueryWait({ query }: { query: { error: unknown; isLoading: boolean } }) {
  const t = useT();
  if (query.error)
    return (
      <Notice tone="error">
        <ApiErrorText error={query.error} />
      </Notice>
    );
  if (query.isLoading) return <p role="status">{t("common.loading")}</p>;
  return null;
}
