import { I18nProvider } from "@farm/ui";
import { tableRows as rowsOf, testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { queryKeys } from "../layout/query-keys";
import { cropFor } from "../test-support/crops-in-every-state";
import { PortfolioChart, portfolioByState } from "./PortfolioChart";

const me = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const crops = ["growing", "sprout", "growing", "refunded", "witheredAwaiting"].map((name, i) =>
  cropFor(name, i + 1),
);

function renderChart(language: "en" | "id", held = crops) {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient({ address: me, roles: [] });
  client.setQueryData([...queryKeys.crops, me], { crops: held });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={dictionaries}>
        <PortfolioChart />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("portfolio by state", () => {
  afterEach(cleanup);

  it("sums the GOLD invested per crop state, in the states' order, leaving out states with none", () => {
    const invested = (name: string) => BigInt(cropFor(name).invested);
    expect(portfolioByState(crops)).toEqual([
      { state: "sprout", invested: invested("sprout") },
      { state: "growing", invested: 2n * invested("growing") },
      { state: "refunded", invested: invested("refunded") },
      { state: "withered", invested: invested("witheredAwaiting") },
    ]);
  });

  it("has a text equivalent: a table of each state's GOLD invested, in the page's language", () => {
    renderChart("en");
    const table = screen.getByTestId("portfolio-by-state-table");
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(["State", "Invested (GOLD)"]);
    expect(rows.map((row) => row[0])).toEqual(["State", "Sprout", "Growing", "Refunded", "Withered"]);
    expect(
      screen.getByRole("img", { name: "My portfolio by state, GOLD invested" }).querySelectorAll("rect"),
    ).toHaveLength(4);
    cleanup();
    renderChart("id");
    expect(rowsOf(screen.getByTestId("portfolio-by-state-table"))[0]).toEqual([
      "Status",
      "Diinvestasikan (GOLD)",
    ]);
  });

  it("says there is nothing to chart for a wallet with no crops", () => {
    renderChart("en", []);
    expect(screen.getByText("Nothing to chart yet.")).toBeTruthy();
    expect(screen.queryByTestId("portfolio-by-state")).toBeNull();
  });
});
