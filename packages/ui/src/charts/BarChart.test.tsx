import { ONE_GOLD, type PlatformVolume } from "@farm/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import PlatformVolumeChart, { platformVolumeQueryKey } from "../disclosures/PlatformVolumeChart";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import type { Language } from "../i18n/types";
import { testQueryClient } from "../testing/query-client";
import { tableRows as rowsOf } from "../testing/table-rows";
import { niceMaximum } from "./BarChart";

const volume: PlatformVolume = {
  asOf: "2027-03-10T00:00:00.000Z",
  months: [
    { month: "2027-01", funded: (1_500n * ONE_GOLD).toString(), repaid: "0" },
    { month: "2027-02", funded: "0", repaid: (1_650n * ONE_GOLD + ONE_GOLD / 2n).toString() },
    { month: "2027-03", funded: (400n * ONE_GOLD).toString(), repaid: (110n * ONE_GOLD).toString() },
  ],
};

function renderChart(language: Language = "en") {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(null);
  client.setQueryData(platformVolumeQueryKey, volume);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <PlatformVolumeChart />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("the platform volume chart", () => {
  afterEach(cleanup);

  it("has a text equivalent: a table of every month's funded and repaid GOLD, with units", () => {
    renderChart();
    const table = screen.getByTestId("platform-volume-table");
    expect(within(table).getByText(/Funded and repaid by month, in GOLD/)).toBeTruthy();
    expect(rowsOf(table)).toEqual([
      ["Month", "Funded (GOLD)", "Repaid (GOLD)"],
      ["Jan 27", "1,500", "0"],
      ["Feb 27", "0", "1,650.5"],
      ["Mar 27", "400", "110"],
    ]);
    // The SVG is labelled by its title and draws one bar per month and series, on a 0 .. 2,000 GOLD axis.
    const chart = screen.getByRole("img", { name: /Funded and repaid by month/ });
    expect(chart.querySelectorAll("rect")).toHaveLength(6);
    expect(chart.textContent).toContain("2,000");
    expect(chart.textContent).toContain("GOLD");
  });

  it("writes the table in Indonesian on an Indonesian page", () => {
    renderChart("id");
    expect(rowsOf(screen.getByTestId("platform-volume-table"))[2]).toEqual(["Feb 27", "0", "1.650,5"]);
  });
});

describe("niceMaximum", () => {
  it("rounds the axis up to 1, 2 or 5 times a power of ten whole GOLD", () => {
    expect(niceMaximum(0n)).toBe(ONE_GOLD);
    expect(niceMaximum(1_650n * ONE_GOLD + 1n)).toBe(2_000n * ONE_GOLD);
    expect(niceMaximum(2_000n * ONE_GOLD)).toBe(2_000n * ONE_GOLD);
    expect(niceMaximum(3n * ONE_GOLD)).toBe(5n * ONE_GOLD);
    expect(niceMaximum(7_000n * ONE_GOLD)).toBe(10_000n * ONE_GOLD);
  });
});
