import { ONE_GOLD } from "@farm/core";
import { useFormat } from "../format/use-format";
import "./charts.css";

export interface BarSeries {
  key: string;
  label: string;
  /** GOLD base units, one per category. */
  values: readonly bigint[];
}

const WIDTH = 320;
const HEIGHT = 170;
const LEFT = 52;
const BOTTOM = 30;
const TOP = 16;
/**
 * The charts' series colours, in order (the bars here, the profile's lines): each at least 3:1 on white, since a
 * series' colour is its only mark (WCAG 1.4.11).
 */
export const seriesColors = ["#2f6b3a", "#b07d12", "#8a5a2b", "#4a7fb5", "#b54a4a", "#777777"] as const;

/** The axis's top: the largest value rounded up to 1, 2 or 5 times a power of ten whole GOLD (at least 1 GOLD). */
export function niceMaximum(largest: bigint): bigint {
  const whole = (largest + ONE_GOLD - 1n) / ONE_GOLD;
  let step = 1n;
  while (step * 10n <= whole) step *= 10n;
  for (const factor of [1n, 2n, 5n, 10n]) if (step * factor >= whole) return step * factor * ONE_GOLD;
  return step * 10n * ONE_GOLD;
}

/** A value's share of the axis, as a float for drawing only: amounts themselves stay bigint. */
const share = (value: bigint, top: bigint) => Number((value * 10_000n) / top) / 10_000;

/**
 * Grouped bars of GOLD amounts in plain SVG: a y axis in GOLD with three ticks, the categories along x, a legend, and
 * the same figures as a table for screen readers (the chart's text equivalent).
 */
export function BarChart({
  title,
  categoryHeader,
  categories,
  series,
  testId,
}: {
  title: string;
  /** The table's first column heading ("Month", "State"). */
  categoryHeader: string;
  categories: readonly { key: string; label: string }[];
  series: readonly BarSeries[];
  testId: string;
}) {
  const format = useFormat();
  // bigint has no Math.max.
  let largest = 0n;
  for (const value of series.flatMap((s) => s.values)) if (value > largest) largest = value;
  const top = niceMaximum(largest);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(categories.length, 1);
  const bar = (slot * 0.8) / Math.max(series.length, 1);
  const y = (value: bigint) => TOP + plotHeight * (1 - share(value, top));
  const titleId = `${testId}-title`;
  return (
    <figure className="farm-chart" data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} width="100%">
        <title id={titleId}>{title}</title>
        <text x={4} y={10} fontSize="9" fill="currentColor">
          GOLD
        </text>
        {[0n, top / 2n, top].map((tick) => (
          <g key={tick.toString()}>
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity="0.2" />
            <text x={LEFT - 4} y={y(tick) + 3} fontSize="9" textAnchor="end" fill="currentColor">
              {format.gold(tick, 0)}
            </text>
          </g>
        ))}
        {categories.map((category, c) => (
          <g key={category.key}>
            {series.map((s, i) => {
              const value = s.values[c] ?? 0n;
              return (
                <rect
                  key={s.key}
                  data-series={s.key}
                  x={LEFT + c * slot + slot * 0.1 + i * bar}
                  y={y(value)}
                  width={bar}
                  height={TOP + plotHeight - y(value)}
                  fill={seriesColors[i % seriesColors.length]}
                />
              );
            })}
            <text
              x={LEFT + c * slot + slot / 2}
              y={HEIGHT - 16}
              fontSize="8"
              textAnchor="middle"
              fill="currentColor"
            >
              {category.label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="farm-chart__legend">
        {series.map((s, i) => (
          <span key={s.key} className="small">
            <span aria-hidden="true" style={{ color: seriesColors[i % seriesColors.length] }}>
              ■{" "}
            </span>
            {s.label}
          </span>
        ))}
      </figcaption>
      {/* A table ignores a 1 px width, so the hiding box wraps it. */}
      <div className="farm-visually-hidden">
        <table data-testid={`${testId}-table`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryHeader}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label} (GOLD)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, c) => (
              <tr key={category.key}>
                <th scope="row">{category.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{format.gold(s.values[c] ?? 0n, 2)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
