import type { PlatformRecord } from "@farm/core";
import { ONE_GOLD } from "@farm/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import type { Language } from "../i18n/types";
import { testQueryClient } from "../testing/query-client";
import { recordFixture as record } from "../testing/record-fixture";
import { PlatformRecordPanel, platformRecordQueryKey } from "./PlatformRecordPanel";

function renderPanel(answer: PlatformRecord, language: Language = "en") {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(null);
  client.setQueryData(platformRecordQueryKey, answer);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <PlatformRecordPanel />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const totals = { totalFunded: (6_250n * ONE_GOLD).toString(), lenders: 12, borrowers: 3 };

describe("PlatformRecordPanel", () => {
  afterEach(cleanup);

  const lost = { lostPrincipal: (9_000n * ONE_GOLD).toString() };

  it("shows TKB90 and TWP90 beside the principal lost, total funded in GOLD and Rupiah, lenders and borrowers", () => {
    renderPanel({ ...totals, record: record(lost) });
    expect(screen.getByTestId("record-rate").textContent).toBe("88.57 % (TWP90 11.43 %)");
    expect(screen.getByTestId("record-lost").textContent).toBe("9,000 GOLD about Rp144,000,000");
    const panel = screen.getByTestId("platform-record").textContent ?? "";
    expect(panel).toContain("Principal lost to settled defaults, all time9,000 GOLD");
    expect(panel).toContain("6,250 GOLD");
    expect(panel).toContain("about Rp100,000,000");
    expect(panel).toContain("Lenders12");
    expect(panel).toContain("Borrowers3");
  });

  it("writes it the Indonesian way in Indonesian", () => {
    renderPanel({ ...totals, record: record(lost) }, "id");
    expect(screen.getByTestId("record-rate").textContent).toBe("88,57 % (TWP90 11,43 %)");
    expect(screen.getByTestId("record-lost").textContent).toBe("9.000 GOLD sekitar Rp144.000.000");
    expect(screen.getByTestId("platform-record").textContent).toContain(
      "Pokok yang hilang karena gagal bayar",
    );
    expect(screen.getAllByTestId("rupiah").map((node) => node.textContent)).toEqual([
      "sekitar Rp144.000.000",
      "sekitar Rp100.000.000",
    ]);
    expect(screen.getByTestId("rupiah-rate").textContent).toContain("1 GOLD = Rp16.000");
  });

  it("never shows 100 % for nothing outstanding or a platform with no record", () => {
    renderPanel({
      ...totals,
      record: record({ standing: "nothingOutstanding", tkb90Bps: null, twp90Bps: null }),
    });
    expect(screen.getByTestId("record-rate").textContent).toBe("Nothing outstanding");
    cleanup();
    renderPanel({ ...totals, record: record({ standing: "noRecord", tkb90Bps: null, twp90Bps: null }) });
    expect(screen.getByTestId("record-rate").textContent).toBe("No record yet");
  });

  it("loads the definitions when they are opened", async () => {
    renderPanel({ ...totals, record: record({}) });
    expect(screen.queryByTestId("record-definitions")).toBeNull();
    const details = screen.getByTestId("record-definitions-toggle").parentElement as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const definitions = (await screen.findByTestId("record-definitions")).textContent;
    expect(definitions).toContain("more than 90 days past");
    expect(definitions).toContain("stays outstanding until 365 days after maturity");
    expect(definitions).toContain(
      "money invested in an invoice later cancelled was refunded and is not counted",
    );
  });
});
