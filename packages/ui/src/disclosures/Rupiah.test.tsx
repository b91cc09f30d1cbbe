import { ONE_GOLD } from "@farm/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { chainConfigQueryKey } from "../config/chain-config";
import { formatDate } from "../format/format";
import { GoldAmount } from "../gold/GoldAmount";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import type { Language } from "../i18n/types";
import { testQueryClient } from "../testing/query-client";
import { RupiahRateFooter } from "./Rupiah";

function renderAt(
  rate: { rupiahPerGold: bigint | null; rupiahRateSource?: string | null; rupiahRateDate?: string | null },
  language: Language = "en",
) {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(null);
  client.setQueryData(chainConfigQueryKey, { ...client.getQueryData(chainConfigQueryKey)!, ...rate });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <p data-testid="amount">
          <GoldAmount value={1_500n * ONE_GOLD + ONE_GOLD / 2n} />
        </p>
        <p data-testid="score">
          <GoldAmount value={ONE_GOLD} rupiah={false} />
        </p>
        <RupiahRateFooter />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("Rupiah beside GOLD", () => {
  afterEach(cleanup);

  it("shows every GOLD amount's Rupiah value and the footer's rate with its source and day", () => {
    renderAt({
      rupiahPerGold: 16_000n,
      rupiahRateSource: "Bank Indonesia JISDOR",
      rupiahRateDate: "2026-11-02",
    });
    expect(screen.getByTestId("amount").textContent).toBe("1,500.5 GOLD about Rp24,008,000");
    expect(screen.getByTestId("score").textContent).toBe("1 GOLD");
    expect(screen.getByTestId("rupiah-rate-footer").textContent).toBe(
      `1 GOLD = Rp16,000 (Bank Indonesia JISDOR, ${formatDate(new Date(2026, 10, 2), "en")})`,
    );
    expect(screen.getByTestId("rupiah-rate-footer").textContent).not.toContain("2026-11-02");
  });

  it("writes Rupiah the Indonesian way on an Indonesian page, and says when the source is not stated", () => {
    renderAt({ rupiahPerGold: 15_500n, rupiahRateSource: null, rupiahRateDate: "2026-11-02" }, "id");
    expect(screen.getByTestId("amount").textContent).toBe("1.500,5 GOLD sekitar Rp23.257.750");
    // The rate's day in the page's language: "2 Nov 2026", never ISO's "2026-11-02".
    expect(screen.getByTestId("rupiah-rate-footer").textContent).toBe(
      "1 GOLD = Rp15.500 (sumber tidak disebutkan, 2 Nov 2026)",
    );
  });

  it("shows no Rupiah anywhere when the deployment has no rate", () => {
    renderAt({ rupiahPerGold: null, rupiahRateSource: null, rupiahRateDate: null });
    expect(screen.getByTestId("amount").textContent).toBe("1,500.5 GOLD");
    expect(screen.queryByTestId("rupiah")).toBeNull();
    expect(screen.queryByTestId("rupiah-rate-footer")).toBeNull();
  });
});
