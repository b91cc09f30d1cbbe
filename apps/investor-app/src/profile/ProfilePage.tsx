import { NotificationSettings, StatementDownload, shortAddress, useT } from "@farm/ui";
import { Link } from "react-router";
import { AlmanacSummary } from "../almanac/AlmanacSummary";
import { AvatarBadge } from "../avatar/AvatarBadge";
import { ErrorNotice } from "../layout/ErrorNotice";
import { SignInRequired } from "../layout/SignInRequired";
import { ActivityHistory } from "./ActivityHistory";
import { GoldChart } from "./GoldChart";
import { LevelProgress } from "./LevelProgress";
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
      <div className="card profile-head">
        <AvatarBadge avatar={data.avatar} size={48} />
        <div>
          <p className="profile-head__name">{data.displayName ?? t("profile.noName")}</p>
          <p className="muted mono">{shortAddress(data.address)}</p>
          <Link to="/verify" data-testid="profile-verify">
            {t("profile.verify")}
          </Link>
        </div>
      </div>
      <AlmanacSummary />
      <div className="card">
        <LevelProgress xp={data.xp} level={data.level} nextLevelXp={data.nextLevelXp} />
      </div>
      <section className="card" aria-labelledby="stats-title">
        <h2 id="stats-title">{t("profile.stats")}</h2>
        <StatsGrid stats={data.stats} />
      </section>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">{t("profile.chart")}</h2>
        <GoldChart />
      </section>
      <section className="card" aria-labelledby="portfolio-title">
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
