/** One money event of the investor's history, as the chart needs it. */
export interface GoldEvent {
  at: Date;
  /** A refund returns principal: it takes back what was invested (the profile's and leaderboard's definition). */
  kind: "invested" | "refunded" | "harvested";
  /** GOLD base units. */
  amount: bigint;
}

/** Running totals after each event, oldest first. */
export interface GoldPoint {
  at: Date;
  invested: bigint;
  harvested: bigint;
}

export function cumulativeGold(events: readonly GoldEvent[]): GoldPoint[] {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  let invested = 0n;
  let harvested = 0n;
  return sorted.map((event) => {
    if (event.kind === "invested") invested += event.amount;
    // Never below 0, like the backend: shares bought from someone else and refunded were not invested here.
    else if (event.kind === "refunded") invested = invested > event.amount ? invested - event.amount : 0n;
    else harvested += event.amount;
    return { at: event.at, invested, harvested };
  });
}

export interface ChartPaths {
  invested: string;
  harvested: string;
  /** Largest running total, base units: the top of the y axis. */
  maxAmount: bigint;
}

/**
 * SVG step paths for both running totals in a width x height box (y grows downwards). Amounts are scaled with bigint
 * arithmetic to thousandths of the height, so no float ever touches a GOLD amount.
 */
export function chartPaths(points: readonly GoldPoint[], width: number, height: number): ChartPaths {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return { invested: "", harvested: "", maxAmount: 0n };
  const maxAmount = points.reduce((max, point) => larger(larger(point.invested, point.harvested), max), 0n);
  const start = first.at.getTime();
  const span = Math.max(last.at.getTime() - start, 1);
  const x = (at: Date) => round(((at.getTime() - start) / span) * width);
  const y = (amount: bigint) =>
    maxAmount === 0n ? height : round(height - (Number((amount * 1000n) / maxAmount) / 1000) * height);
  const path = (pick: (point: GoldPoint) => bigint) => {
    let d = `M0 ${height}`;
    for (const point of points) d += ` H${x(point.at)} V${y(pick(point))}`;
    return `${d} H${width}`;
  };
  return { invested: path((p) => p.invested), harvested: path((p) => p.harvested), maxAmount };
}

/** Math.max does not take bigint. */
function larger(a: bigint, b: bigint): bigint {
  if (a > b) return a;
  return b;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
