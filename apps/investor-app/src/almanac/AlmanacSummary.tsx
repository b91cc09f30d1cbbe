import { useT, wordPack } from "@farm/ui";
import { Link } from "react-router";
import { almanacWords } from "../i18n/almanac";
import { almanacCounts, useAlmanac } from "./use-almanac";
import "./almanac.css";

/** The almanac in a few figures (crops, provinces, badges collected) with a link to it: for the farmer's card. */
export function AlmanacSummary() {
  wordPack(almanacWords);
  const t = useT();
  const almanac = useAlmanac();
  if (!almanac.data) return null;
  const counts = almanacCounts(almanac.data);
  const figures = [
    { key: "crops", value: counts.crops, total: counts.cropsTotal, label: t("almanac.summary.crops") },
    {
      key: "provinces",
      value: counts.provinces,
      total: counts.provincesTotal,
      label: t("almanac.summary.provinces"),
    },
    { key: "badges", value: counts.badges, total: counts.badgesTotal, label: t("almanac.summary.badges") },
  ];
  return (
    <section
      className="card almanac-summary"
      aria-labelledby="almanac-summary-title"
      data-testid="almanac-summary"
    >
      <h2 id="almanac-summary-title">{t("almanac.summary.title")}</h2>
      <dl className="almanac-summary__figures">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`almanac-summary-${figure.key}`}>
            <dt>{figure.label}</dt>
            <dd>{t("almanac.collected", { count: figure.value, total: figure.total })}</dd>
          </div>
        ))}
      </dl>
      <Link to="/almanac" className="almanac-summary__link">
        {t("almanac.summary.open")}
      </Link>
    </section>
  );
}
