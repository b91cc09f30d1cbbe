import type { RiskStatementState } from "@farm/core";
import { ApiErrorText, Notice, useFormat, useT } from "@farm/ui";
import "../i18n/verify";
import { useAcceptRiskStatement } from "./use-investor-status";

const paragraphs = [
  "risk.creditRisk",
  "risk.noGuarantee",
  "risk.notABank",
  "risk.late",
  "risk.default",
  "risk.limit",
  "risk.agreement",
] as const;

/**
 * The risk statement in full, then one button to accept its current version (recorded with the wallet and the time);
 * once accepted, when and which version. A newer version than the one accepted asks again.
 */
export function RiskStatement({ state }: { state: RiskStatementState }) {
  const t = useT();
  const format = useFormat();
  const accept = useAcceptRiskStatement();
  const accepted = state.acceptedVersion === state.currentVersion;
  return (
    <section className="card risk-statement" aria-labelledby="risk-title" data-testid="risk-statement">
      <h2 id="risk-title">{t("risk.title")}</h2>
      <p className="muted small">{t("risk.version", { version: state.currentVersion })}</p>
      {state.acceptedVersion !== null && !accepted ? <Notice tone="info">{t("risk.changed")}</Notice> : null}
      <ul>
        {paragraphs.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      {accepted && state.acceptedAt ? (
        <p role="status" data-testid="risk-accepted">
          {t("risk.accepted", { version: state.currentVersion, date: format.dateTime(state.acceptedAt) })}
        </p>
      ) : (
        <button
          type="button"
          className="button"
          disabled={accept.isPending}
          onClick={() => accept.mutate(state.currentVersion)}
          data-testid="risk-accept"
        >
          {accept.isPending ? t("risk.accepting") : t("risk.accept")}
        </button>
      )}
      {accept.error ? (
        <Notice tone="error">
          <ApiErrorText error={accept.error} />
        </Notice>
      ) : null}
    </section>
  );
}
