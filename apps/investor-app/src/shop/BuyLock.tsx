import type { InvestorBlocker, InvestorStatus } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { Link } from "react-router";
import "../i18n/verify";
import { RiskStatement } from "../verify/RiskStatement";

const lockText: Record<InvestorBlocker, string> = {
  unverified: "lock.unverified",
  pending: "lock.pending",
  rejected: "lock.rejected",
  expired: "lock.expired",
  frozen: "lock.frozen",
  "risk-statement": "lock.riskStatement",
};

/**
 * Why this wallet cannot buy yet (`GET /api/investors/me`'s `blockedBy`) and the way on: the verification page, or the
 * risk statement itself to read and accept here. Nothing of the purchase form shows until the lock is gone.
 */
export function BuyLock({ status, blockedBy }: { status: InvestorStatus; blockedBy: InvestorBlocker }) {
  const t = useT();
  return (
    <div className="buy-lock" data-testid="buy-lock" data-blocked-by={blockedBy}>
      <Notice tone="info">{t(lockText[blockedBy])}</Notice>
      {blockedBy === "risk-statement" ? (
        <RiskStatement state={status.riskStatement} />
      ) : blockedBy === "pending" || blockedBy === "frozen" ? null : (
        <Link to="/verify" className="button" data-testid="buy-lock-verify">
          {t("lock.toVerify")}
        </Link>
      )}
    </div>
  );
}
