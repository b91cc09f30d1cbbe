import { seriesColors, useFormat, useT } from "@farm/ui";
import type { CSSProperties } from "react";
import { ErrorNotice } from "../layout/ErrorNotice";
import { activityGoldEvents } from "./activity-gold-events";
import { chartPaths, cumulativeGold } from "./gold-series";
import { useFullActivity } from "./use-activity";

const width = 320;
const [investedColour, harvestedColour] = seriesColors;
/** A legend's mark takes its series' colour (profile.css, `.legend::before`). */
const legendMark = (colour: string) => ({ "--series": colour }) as CSSProperties;
const height = 140;

/** Running totals of GOLD invested and harvested, drawn as plain SVG; a table carries the same data for screen readers. */
export function GoldChart() {
  const t = useT();
  const format = useFormat();
  const activity = useFullActivity();
  if (activity.error) return <ErrorNotice error={activity.error} />;
  if (!activity.data) return <p role="status">{t("common.loading")}</p>;
  const points = cumulativeGold(activityGoldEvents(activity.data));
  const last = points.at(-1);
  if (!last) return <p className="muted">{t("profile.chartEmpty")}</p>;
  const paths = chartPaths(points, width, height);
  return (
    <figure className="chart">
      <svg viewBox={`-4 -4 ${width + 8} ${height + 8}`} role="img" aria-labelledby="gold-chart-title">
        <title id="gold-chart-title">{t("profile.chart")}</title>
        <line x1="0" y1={height} x2={width} y2={height} stroke="currentColor" strokeOpacity="0.3" />
        <path
          d={paths.invested}
          fill="none"
          stroke={investedColour}
          strokeWidth="2.5"
          vectorEffect="non-scaling-stroke"
          data-series="invested"
        />
        <path
          d={paths.harvested}
          fill="none"
          stroke={harvestedColour}
          strokeWidth="2.5"
          vectorEffect="non-scaling-stroke"
          data-series="harvested"
        />
      </svg>
      <figcaption id="gold-chart-caption">
        <span className="legend" style={legendMark(investedColour)}>
          {t("profile.chartInvested", { amount: format.gold(last.invested) })}
        </span>
        <span className="legend" style={legendMark(harvestedColour)}>
          {t("profile.chartHarvested", { amount: format.gold(last.harvested) })}
        </span>
        <span className="muted">
          {format.date(points[0]!.at)} – {format.date(last.at)} · {t("profile.chartMax")}{" "}
          {format.gold(paths.maxAmount)} GOLD
        </span>
      </figcaption>
    </figure>
  );
}
