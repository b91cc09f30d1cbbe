import { PlatformRecordPanel, useT } from "@farm/ui";
import { Link } from "react-router";
import { StatsFigures } from "./StatsFigures";

const financingSteps = ["submit", "review", "funding", "payout", "repayment"] as const;

/** What Farm does for farmers, how financing works, live figures and the ways in. */
export function LandingPage() {
  const t = useT();
  return (
    <>
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">{t("landing.title")}</h1>
        <p className="landing-hero__lead">{t("landing.lead")}</p>
        <div className="landing-hero__actions">
          <Link className="farm-button" to="/register-farm">
            {t("landing.registerCta")}
          </Link>
          <Link className="farm-button farm-button--secondary" to="/invoices">
            {t("landing.invoicesCta")}
          </Link>
        </div>
      </section>
      <section className="farm-card" aria-labelledby="landing-stats-title">
        <h2 id="landing-stats-title">{t("landing.stats.title")}</h2>
        <StatsFigures />
      </section>
      <PlatformRecordPanel className="farm-card" />
      <section className="farm-card" aria-labelledby="landing-how-title">
        <h2 id="landing-how-title">{t("landing.how.title")}</h2>
        <ol className="landing-steps">
          {financingSteps.map((step) => (
            <li key={step}>
              <h3>{t(`landing.how.${step}.title`)}</h3>
              <p>{t(`landing.how.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="farm-card" aria-labelledby="landing-ways-title">
        <h2 id="landing-ways-title">{t("landing.ways.title")}</h2>
        <ul className="landing-ways">
          <li>
            <strong>{t("landing.ways.farmer.title")}</strong> {t("landing.ways.farmer.text")}{" "}
            <Link to="/register-farm">{t("landing.registerCta")}</Link>
          </li>
          <li>
            <strong>{t("landing.ways.admin.title")}</strong> {t("landing.ways.admin.text")}{" "}
            <Link to="/admin">{t("landing.adminCta")}</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
