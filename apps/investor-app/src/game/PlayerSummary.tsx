import { useT } from "@farm/ui";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useProfile } from "../profile/use-profile";
import { WaterGauge } from "./WaterGauge";

/** XP, level and water at a glance (home and garden). */
export function PlayerSummary() {
  const t = useT();
  const profile = useProfile();
  if (profile.error) return <ErrorNotice error={profile.error} />;
  if (!profile.data) return null;
  const { xp, level, water, waterMax, waterRefillsAt } = profile.data;
  return (
    <div className="card summary">
      <div data-testid="player-xp" data-xp={xp}>
        <p className="summary__big">{t("game.level", { level })}</p>
        <p className="muted">{t("game.xp", { xp })}</p>
      </div>
      <WaterGauge water={water} waterMax={waterMax} refillsAt={waterRefillsAt} />
    </div>
  );
}
