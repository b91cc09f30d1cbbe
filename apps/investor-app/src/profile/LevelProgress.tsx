import { useT } from "@farm/ui";
import { levelProgressPercent } from "./level-progress";

export function LevelProgress({
  xp,
  level,
  nextLevelXp,
}: {
  xp: number;
  level: number;
  nextLevelXp: number;
}) {
  const t = useT();
  const percent = levelProgressPercent(xp, level, nextLevelXp);
  const label = t("profile.levelProgress", { level, xp, next: nextLevelXp });
  return (
    <div className="level">
      <p className="level__title">
        <strong>{t("game.level", { level })}</strong> · {t("game.xp", { xp })}
      </p>
      <div
        className="meter"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="meter__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted">
        {t("profile.toNextLevel", { xp: Math.max(0, nextLevelXp - xp), level: level + 1 })}
      </p>
    </div>
  );
}
