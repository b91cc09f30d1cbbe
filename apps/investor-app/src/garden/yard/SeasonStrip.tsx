import { useI18n, useT } from "@farm/ui";
import "../../i18n/garden-decor";
import { DecorationIcon } from "./decoration-art";
import { useGarden } from "./use-garden";
import "./yard.css";

/** This week's theme and its season pass: the tiers, their decorations, the player's season XP and when it ends. */
export default function SeasonStrip() {
  const t = useT();
  const { language } = useI18n();
  const garden = useGarden();
  if (!garden.data) return null;
  const season = garden.data.season;
  const top = season.tiers[season.tiers.length - 1]?.xp ?? 1;
  const ends = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(season.endsAt));
  return (
    <section
      className="card season-strip"
      aria-labelledby="season-strip-title"
      data-testid="season-strip"
      data-theme={season.theme}
      data-season={season.id}
    >
      <h2 id="season-strip-title">{t("season.title", { theme: t(`theme.${season.theme}`) })}</h2>
      <p className="small">
        <strong>{t("season.pass")}</strong> · {t("season.xp", { xp: season.xp })} ·{" "}
        {t("season.endsAt", { when: ends })}
      </p>
      <div
        className="season-bar"
        role="progressbar"
        aria-label={t("season.pass")}
        aria-valuemin={0}
        aria-valuemax={top}
        aria-valuenow={Math.min(season.xp, top)}
      >
        <span style={{ width: `${(100 * Math.min(season.xp, top)) / top}%` }} />
      </div>
      <ol className="season-tiers">
        {season.tiers.map((tier) => (
          <li
            key={tier.tier}
            className={tier.reachedAt ? "season-tier season-tier--reached" : "season-tier"}
            data-testid="season-tier"
            data-reached={tier.reachedAt ? "yes" : "no"}
          >
            <DecorationIcon id={tier.reward} size={36} />
            <span className="small">
              <strong>{t("season.tier", { tier: tier.tier, xp: tier.xp })}</strong>
              <br />
              {t(`decoration.${tier.reward}`)}
              <br />
              <span className="muted">
                {tier.reachedAt ? t("season.reached") : t("season.toGo", { left: tier.xp - season.xp })}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <p className="muted small">{t("season.keep")}</p>
    </section>
  );
}
