import type { InvestorStatus } from "@farm/core";
import { GoldAmount, Notice, useFormat, useT } from "@farm/ui";
import "../i18n/verify";
import { limitFigures } from "./use-investor-status";

export type VerificationState = "none" | "pending" | "approved" | "rejected" | "expired" | "frozen";

/** What the investor's verification amounts to now: a freeze first (it says to contact support), then a new
 *  verification waiting for review (even after an expired credential), then the blocker. */
export function verificationState(status: InvestorStatus): VerificationState {
  if (status.credential?.frozen) return "frozen";
  if (status.verification?.status === "pending") return "pending";
  if (status.credential?.expired) return "expired";
  switch (status.blockedBy) {
    case "unverified":
      return "none";
    case "pending":
    case "rejected":
    case "expired":
    case "frozen":
      return status.blockedBy;
    default:
      return status.credential ? "approved" : "none";
  }
}

/** May a new verification be sent: none yet, refused, or ended (frozen and pending ones wait for an admin). */
export const canSubmitVerification = (state: VerificationState) =>
  state === "none" || state === "rejected" || state === "expired";

/** The verification's state in words with what to do next, and once approved the limit, what is lent and what is left. */
export function VerificationStatus({ status }: { status: InvestorStatus }) {
  const t = useT();
  const format = useFormat();
  const state = verificationState(status);
  const { verification, credential } = status;
  const figures = limitFigures(status);
  const text = (() => {
    switch (state) {
      case "pending":
        return t("verify.status.pending", { date: format.date(verification?.submittedAt ?? new Date()) });
      case "rejected":
        return `${t("verify.status.rejected", { reason: verification?.reason ?? "" })} ${t("verify.status.rejectedNext")}`;
      case "expired":
        return t("verify.status.expired", { date: credential ? format.date(credential.validUntil) : "" });
      case "frozen":
        return t("verify.status.frozen");
      case "approved":
        return credential
          ? t("verify.status.approved", {
              tier: t(`verify.tier.${credential.tier}`),
              date: format.date(credential.validUntil),
            })
          : t("verify.status.none");
      default:
        return t("verify.status.none");
    }
  })();
  return (
    <section
      className="card"
      aria-labelledby="verification-title"
      data-testid="verification-status"
      data-state={state}
    >
      <h2 id="verification-title">{t("verify.status.title")}</h2>
      <Notice tone={state === "rejected" || state === "frozen" || state === "expired" ? "error" : "info"}>
        <span data-testid="verification-state-text">{text}</span>
      </Notice>
      {state === "approved" && figures ? (
        <dl className="facts" data-testid="limit-figures">
          <div>
            <dt>{t("verify.limit.limit")}</dt>
            <dd data-testid="limit-limit" data-base-units={figures.limit.toString()}>
              <GoldAmount value={figures.limit} />
            </dd>
          </div>
          <div>
            <dt>{t("verify.limit.used")}</dt>
            <dd>
              <GoldAmount value={figures.outstanding} />
            </dd>
          </div>
          <div>
            <dt>{t("verify.limit.left")}</dt>
            <dd data-testid="limit-available" data-base-units={figures.available.toString()}>
              <GoldAmount value={figures.available} />
            </dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
