import { NotificationSettings, StatementDownload, useT } from "@farm/ui";
import { AlmanacSummary } from "../almanac/AlmanacSummary";
import { ErrorNotice } from "../layout/ErrorNotice";
import { SignInRequired } from "../layout/SignInRequired";
import { ActivityHistory } from "./ActivityHistory";
import { FarmerCard } from "./FarmerCard";
import { GoldChart } from "./GoldChart";
import { PortfolioChart } from "./PortfolioChart";
import { ProfileEditor } from "./ProfileEditor";
import { StatsGrid } from "./StatsGrid";
import { useProfile } from "./use-profile";

function ProfileContent() {
  const t = useT();
  const profile = useProfile();
  if (profile.error) return <ErrorNotice error={profile.error} />;
  if (!profile.data) return <p role="status">{t("common.loading")}</p>;
  const data = profile.data;
  return (
    <>
      <FarmerCard profile={data} almanac={<AlmanacSummary />} />
      <section className="card money" data-theme="trust" aria-labelledby="stats-title">
        <h2 id="stats-title">{t("profile.stats")}</h2>
        <p className="muted small">{t("look.card.ledger")}</p>
        <StatsGrid stats={data.stats} />
      </section>
      <section className="card money" data-theme="trust" aria-labelledby="chart-title">
        <h2 id="chart-title">{t("profile.chart")}</h2>
        <GoldChart />
      </section>
      <section className="card money" data-theme="trust" aria-labelledby="portfolio-title">
        <h2 id="portfolio-title">{t("profile.portfolio")}</h2>
        <PortfolioChart />
      </section>
      <ActivityHistory />
      <StatementDownload as="investor" />
      <ProfileEditor key={data.address} profile={data} />
      <div className="card">
        <NotificationSettings />
      </div>
    </>
  );
}

export default function ProfilePage() {
  const t = useT();
  return (
    <section aria-labelledby="profile-title" className="stack">
      <h1 id="profile-title">{t("profile.title")}</h1>
      <SignInRequired>
        <ProfileContent />
      </SignInRequired>
    </section>
  );
}
