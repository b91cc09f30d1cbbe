import { ApiErrorText, GoldAmount, Notice, useT } from "@farm/ui";
import { useStats } from "./use-stats";

/** Live platform figures; while they load the page says so instead of showing made-up numbers. */
export function StatsFigures() {
  const t = useT();
  const stats = useStats();
  if (stats.error)
    return (
      <Notice tone="error">
        <ApiErrorText error={stats.error} />
      </Notice>
    );
  if (!stats.data) return <p role="status">{t("common.loading")}</p>;
  const figures = [
    {
      key: "invoicesFinanced",
      label: t("landing.stats.invoicesFinanced"),
      value: stats.data.invoicesFinanced,
    },
    {
      key: "goldFunded",
      label: t("landing.stats.goldFunded"),
      value: <GoldAmount value={stats.data.goldFunded} digits={0} />,
    },
    {
      key: "goldRepaid",
      label: t("landing.stats.goldRepaid"),
      value: <GoldAmount value={stats.data.goldRepaid} digits={0} />,
    },
    { key: "activeInvestors", label: t("landing.stats.activeInvestors"), value: stats.data.activeInvestors },
    { key: "invoicesOpen", label: t("landing.stats.invoicesOpen"), value: stats.data.invoicesOpen },
    {
      key: "yieldPaid",
      label: t("landing.stats.yieldPaid"),
      value: <GoldAmount value={stats.data.yieldPaid} digits={0} />,
    },
  ];
  return (
    <dl className="landing-stats" data-testid="platform-stats">
      {figures.map((figure) => (
        <div key={figure.key} className="landing-stats__figure">
          <dt>{figure.label}</dt>
          <dd data-testid={`stat-${figure.key}`}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
