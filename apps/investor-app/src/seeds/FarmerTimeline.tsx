import "@farm/ui/charts.css";
import type { Invoice, InvoicePage } from "@farm/core";
import { apiGet, chartWords, useFormat, useT, wordPack } from "@farm/ui";
import { useQuery } from "@tanstack/react-query";

const WIDTH = 320;
const ROW = 14;
const TOP = 6;
const AXIS = 22;
const colors: Record<string, string> = {
  funded: "#4a7fb5",
  repaid: "#2f6b3a",
  defaulted: "#b54a4a",
  settled: "#8a5a2b",
};

type Financed = Invoice & { fundedAt: string; maturity: string };

/** The invoices of a farmer that were financed, oldest funding first: the timeline's rows. */
export function financedInvoices(items: readonly Invoice[]): Financed[] {
  return items
    .filter(
      (item): item is Financed => item.fundedAt !== null && item.maturity !== null && item.status in colors,
    )
    .sort((a, b) => Date.parse(a.fundedAt) - Date.parse(b.fundedAt));
}

/**
 * A farmer's record as a timeline on the fact sheet: one bar per financed invoice from its funding to its maturity,
 * coloured by outcome, dates along the axis; a table carries the same for screen readers.
 */
export function FarmerTimeline({ farmer }: { farmer: string }) {
  wordPack(chartWords);
  const t = useT();
  const format = useFormat();
  const invoices = useQuery({
    queryKey: ["invoices", "farmer-timeline", farmer],
    queryFn: ({ signal }) => apiGet<InvoicePage>(`/invoices?farmer=${farmer}&limit=50`, signal),
  });
  if (invoices.error) return <p className="muted small">{t("chart.unavailable")}</p>;
  if (!invoices.data) return null;
  const rows = financedInvoices(invoices.data.items);
  if (rows.length === 0) return <p className="muted small">{t("chart.empty")}</p>;
  const start = Math.min(...rows.map((row) => Date.parse(row.fundedAt)));
  const end = Math.max(...rows.map((row) => Date.parse(row.maturity)));
  const x = (iso: string) => ((Date.parse(iso) - start) / Math.max(end - start, 1)) * (WIDTH - 8) + 4;
  const height = TOP + rows.length * ROW + AXIS;
  const outcome = (row: Financed) => t(`chart.timeline.status.${row.status}`);
  return (
    <figure className="farm-chart" data-testid="farmer-timeline">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="farmer-timeline-title" width="100%">
        <title id="farmer-timeline-title">{t("chart.timeline.title")}</title>
        {rows.map((row, i) => (
          <rect
            key={row.tokenId}
            data-status={row.status}
            x={x(row.fundedAt)}
            y={TOP + i * ROW}
            width={Math.max(x(row.maturity) - x(row.fundedAt), 2)}
            height={ROW - 4}
            fill={colors[row.status]}
          />
        ))}
        <line x1={4} x2={WIDTH - 4} y1={height - AXIS + 2} y2={height - AXIS + 2} stroke="currentColor" />
        <text x={4} y={height - 6} fontSize="9" fill="currentColor">
          {format.date(new Date(start))}
        </text>
        <text x={WIDTH - 4} y={height - 6} fontSize="9" textAnchor="end" fill="currentColor">
          {format.date(new Date(end))}
        </text>
      </svg>
      <figcaption className="farm-chart__legend">
        {Object.entries(colors).map(([status, color]) => (
          <span key={status} className="small">
            <span aria-hidden="true" style={{ color }}>
              ■{" "}
            </span>
            {t(`chart.timeline.status.${status}`)}
          </span>
        ))}
      </figcaption>
      {/* A table ignores a 1 px width, so the hiding box wraps it. */}
      <div className="farm-visually-hidden">
        <table data-testid="farmer-timeline-table">
          <caption>{t("chart.timeline.title")}</caption>
          <thead>
            <tr>
              {["invoice", "funded", "maturity", "outcome", "amount"].map((column) => (
                <th key={column} scope="col">
                  {t(`chart.timeline.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tokenId}>
                <th scope="row">#{row.tokenId}</th>
                <td>{format.date(row.fundedAt)}</td>
                <td>{format.date(row.maturity)}</td>
                <td>{outcome(row)}</td>
                <td>{format.gold(BigInt(row.amount), 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
