import type { PlatformVolume } from "@farm/core";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../api/client";
import { BarChart } from "../charts/BarChart";
import { chartWords } from "../charts/chart-words";
import { useI18n } from "../i18n/I18nProvider";
import { wordPack } from "../i18n/word-packs";

export const platformVolumeQueryKey = ["record", "volume"] as const;

/** "Jan 27" in the page's language: the month of a "2027-01" key, read as a UTC calendar month. */
function monthLabel(month: string, language: string): string {
  return new Intl.DateTimeFormat(language, { month: "short", year: "2-digit", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The platform's funded and repaid GOLD by month (GET /api/record/volume), lazy-loaded under the record panel. */
export default function PlatformVolumeChart() {
  wordPack(chartWords);
  const { t, language } = useI18n();
  const volume = useQuery({
    queryKey: platformVolumeQueryKey,
    queryFn: ({ signal }) => apiGet<PlatformVolume>("/record/volume", signal),
    refetchInterval: 300_000,
  });
  if (volume.error) return <p className="muted small">{t("chart.unavailable")}</p>;
  if (!volume.data) return null;
  const months = volume.data.months;
  return (
    <BarChart
      testId="platform-volume"
      title={t("chart.volume.title")}
      categoryHeader={t("chart.volume.month")}
      categories={months.map((m) => ({ key: m.month, label: monthLabel(m.month, language) }))}
      series={[
        { key: "funded", label: t("chart.volume.funded"), values: months.map((m) => BigInt(m.funded)) },
        { key: "repaid", label: t("chart.volume.repaid"), values: months.map((m) => BigInt(m.repaid)) },
      ]}
    />
  );
}
