import { useI18n, useT } from "@farm/ui";

/** Today's water with when it refills; a meter for sighted users, the same numbers in text for everyone. */
export function WaterGauge({
  water,
  waterMax,
  refillsAt,
}: {
  water: number;
  waterMax: number;
  refillsAt: string;
}) {
  const t = useT();
  const { language } = useI18n();
  const percent = waterMax > 0 ? Math.floor((water * 100) / waterMax) : 0;
  return (
    <div className="gauge" data-testid="water-gauge" data-water={water}>
      <p>
        <strong>{t("game.water", { water, max: waterMax })}</strong>
      </p>
      <div className="meter meter--water" aria-hidden="true">
        <span className="meter__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted small">
        {t("game.refills", {
          when: new Intl.DateTimeFormat(language, { timeStyle: "short" }).format(new Date(refillsAt)),
        })}
      </p>
    </div>
  );
}
