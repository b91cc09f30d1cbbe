import { GoldAmount, useT } from "@farm/ui";
import type { InvestorProfile } from "./use-profile";

export function StatsGrid({ stats }: { stats: InvestorProfile["stats"] }) {
  const t = useT();
  return (
    <dl className="stats">
      <div>
        <dt>{t("profile.stats.invested")}</dt>
        <dd>
          <GoldAmount value={stats.invested} />
        </dd>
      </div>
      <div>
        <dt>{t("profile.stats.harvested")}</dt>
        <dd>
          <GoldAmount value={stats.harvested} />
        </dd>
      </div>
      <div>
        <dt>{t("profile.stats.yieldEarned")}</dt>
        <dd>
          <GoldAmount value={stats.yieldEarned} />
        </dd>
      </div>
      <div>
        <dt>{t("profile.stats.activeCrops")}</dt>
        <dd>{stats.activeCrops}</dd>
      </div>
      <div>
        <dt>{t("profile.stats.harvestedCrops")}</dt>
        <dd>{stats.harvestedCrops}</dd>
      </div>
    </dl>
  );
}
