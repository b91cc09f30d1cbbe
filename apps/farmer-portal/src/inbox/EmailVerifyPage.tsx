import { ApiError, ApiErrorText, apiGet, apiPost, QueryWait, useT } from "@farm/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";

/** The days an expired link worked (the API's 410 VERIFICATION_LINK_EXPIRED), or null for any other failure. */
function expiredAfterDays(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== "VERIFICATION_LINK_EXPIRED") return null;
  const days = (error.details as { days?: unknown } | undefined)?.days;
  return typeof days === "number" ? days : 7;
}

/**
 * Where an address-verification e-mail leads: the link itself changes nothing (mail scanners open links), the reader
 * confirms with the button, and only then is the address verified (POST). A link older than the API's limit says it
 * expired, and where to ask for a new one.
 */
export default function EmailVerifyPage() {
  const t = useT();
  const token = useParams().token ?? "";
  const path = `/notifications/verify/${encodeURIComponent(token)}`;
  const link = useQuery({
    queryKey: ["address-verification", token],
    queryFn: ({ signal }) => apiGet<{ live: true }>(path, signal),
    retry: false,
  });
  const confirm = useMutation({ mutationFn: () => apiPost<{ verified: true }>(path) });
  const expiredDays = expiredAfterDays(link.error);
  return (
    <section aria-labelledby="email-verify-title" data-testid="email-verify">
      <h1 id="email-verify-title">{t("emailVerify.title")}</h1>
      {confirm.isSuccess ? (
        <p role="status" data-testid="email-verified">
          {t("emailVerify.done")}
        </p>
      ) : link.error ? (
        <p role="alert">
          {expiredDays === null ? t("emailVerify.notLive") : t("emailVerify.expired", { days: expiredDays })}
        </p>
      ) : link.data ? (
        <>
          <p>{t("emailVerify.ask")}</p>
          <button
            type="button"
            data-testid="email-verify-confirm"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {t("emailVerify.confirm")}
          </button>
          {confirm.error ? (
            <p role="alert">
              <ApiErrorText error={confirm.error} />
            </p>
          ) : null}
        </>
      ) : (
        <QueryWait query={link} />
      )}
      <p>
        <Link to="/">{t("notFound.home")}</Link>
      </p>
    </section>
  );
}
