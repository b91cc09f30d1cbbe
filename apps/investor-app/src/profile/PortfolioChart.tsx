import { CROP_STATES, type CropStateName } from "@farm/core";
import { BarChart, chartWords, useT, wordPack } from "@farm/ui";
import { useCrops } from "../garden/use-crops";
import { ErrorNotice } from "../layout/ErrorNotice";

/** The GOLD invested in each state the wallet's crops are in (from GET /api/crops), states with none left out. */
export function portfolioByState(
  crops: readonly { invested: string; state: { name: CropStateName } }[],
): { state: CropStateName; invested: bigint }[] {
  const sums = new Map<CropStateName, bigint>();
  for (const crop of crops)
    sums.set(crop.state.name, (sums.get(crop.state.name) ?? 0n) + BigInt(crop.invested));
  return CROP_STATES.filter((state) => sums.has(state)).map((state) => ({
    state,
    invested: sums.get(state) ?? 0n,
  }));
}

/** The investor's portfolio by state on /profile: one bar per crop state, GOLD invested, a table as its text. */
export function PortfolioChart() {
  wordPack(chartWords);
  const t = useT();
  const crops = useCrops();
  if (crops.error) return <ErrorNotice error={crops.error} />;
  if (!crops.data) return <p role="status">{t("common.loading")}</p>;
  const states = portfolioByState(crops.data);
  if (states.length === 0) return <p className="muted">{t("chart.empty")}</p>;
  // "refunded" has no garden stage word: a refunded crop never grew.
  const label = (state: CropStateName) =>
    state === "refunded" ? t("chart.portfolio.refunded") : t(`stage.${state}`);
  return (
    <BarChart
      testId="portfolio-by-state"
      title={t("chart.portfolio.title")}
      categoryHeader={t("chart.portfolio.state")}
      categories={states.map(({ state }) => ({ key: state, label: label(state) }))}
      series={[
        { key: "invested", label: t("chart.portfolio.invested"), values: states.map((s) => s.invested) },
      ]}
    />
  );
}
