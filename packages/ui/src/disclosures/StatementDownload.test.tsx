import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import { testQueryClient } from "../testing/query-client";
import { StatementDownload } from "./StatementDownload";

function renderDownload(as: "investor" | "farmer", language: "en" | "id" = "en") {
  localStorage.setItem("farm.language", language);
  return render(
    <QueryClientProvider client={testQueryClient(null)}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <StatementDownload as={as} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("StatementDownload", () => {
  afterEach(cleanup);

  it("links both files for the chosen WIB days, in the page's language", () => {
    renderDownload("farmer", "id");
    fireEvent.change(screen.getByTestId("statement-from"), { target: { value: "2027-01-01" } });
    fireEvent.change(screen.getByTestId("statement-to"), { target: { value: "2027-03-31" } });
    expect(screen.getByTestId("statement-csv").getAttribute("href")).toBe(
      "/api/user/statement?from=2027-01-01&to=2027-03-31&as=farmer&lang=id&format=csv",
    );
    expect(screen.getByTestId("statement-pdf").getAttribute("href")).toBe(
      "/api/user/statement.pdf?from=2027-01-01&to=2027-03-31&as=farmer&lang=id",
    );
    expect(screen.getByTestId("statement-csv").textContent).toBe("Unduh CSV");
  });

  it("offers no download for a range that ends before it starts", () => {
    renderDownload("investor");
    fireEvent.change(screen.getByTestId("statement-from"), { target: { value: "2027-04-01" } });
    fireEvent.change(screen.getByTestId("statement-to"), { target: { value: "2027-03-31" } });
    expect(screen.queryByTestId("statement-csv")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("The start date must be on or before the end date.");
  });
});
