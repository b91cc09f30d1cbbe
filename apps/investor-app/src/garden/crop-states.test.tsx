import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ActiveCrops } from "../home/ActiveCrops";
import { queryKeys } from "../layout/query-keys";
import { cropCases, cropFor } from "../test-support/crops-in-every-state";
import { renderWithWallet, testWallet } from "../test-support/render-with-wallet";
import { CropDetail } from "./CropDetail";
import { GardenPlot } from "./GardenPlot";

afterEach(cleanup);

/** Per case: the state's words, the amount's label and total, and the one action (its button text) or none. */
const expected: Record<
  string,
  {
    words: string;
    amountLabel: string;
    total: string;
    action: string | null;
    invoice: string;
    days?: string;
    explain?: string;
  }
> = {
  seed: {
    words: "Seed",
    amountLabel: "Pays at maturity if repaid",
    total: "420 GOLD",
    action: null,
    invoice: "Open for funding",
  },
  sprout: {
    words: "Sprout",
    amountLabel: "Pays at maturity if repaid",
    total: "420 GOLD",
    action: null,
    invoice: "Funded",
    days: "26 days to harvest",
  },
  growing: {
    words: "Growing",
    amountLabel: "Pays at maturity if repaid",
    total: "420 GOLD",
    action: null,
    invoice: "Funded",
    days: "9 days to harvest",
  },
  wilting: {
    words: "Wilting",
    amountLabel: "Pays if repaid",
    total: "420 GOLD",
    action: null,
    invoice: "Overdue",
  },
  ripe: {
    words: "Ripe",
    amountLabel: "Harvest pays now",
    total: "420 GOLD",
    action: "Harvest",
    invoice: "Repaid",
  },
  repaidEarly: {
    words: "Sprout: repaid",
    amountLabel: "Harvest pays at maturity",
    total: "420 GOLD",
    action: null,
    invoice: "Repaid",
    days: "26 days to harvest",
    explain:
      "The farmer has already repaid principal and fee: your payout is certain; harvest opens at maturity.",
  },
  harvested: {
    words: "Harvested",
    amountLabel: "Harvest paid",
    total: "420 GOLD",
    action: null,
    invoice: "Repaid",
  },
  expired: {
    words: "Refund to claim",
    amountLabel: "Refund pays",
    total: "400 GOLD",
    action: "Close the lapsed funding and claim refund",
    invoice: "Funding closed unfilled",
  },
  cancelled: {
    words: "Refund to claim",
    amountLabel: "Refund pays",
    total: "400 GOLD",
    action: "Claim refund",
    invoice: "Cancelled",
  },
  refunded: {
    words: "Refunded",
    amountLabel: "Refund paid",
    total: "400 GOLD",
    action: null,
    invoice: "Cancelled",
  },
  witheredAwaiting: {
    words: "Withered",
    amountLabel: "Recovered for you so far",
    total: "120 GOLD",
    action: null,
    invoice: "Defaulted",
  },
  witheredClaimable: {
    words: "Withered: recovery ready",
    amountLabel: "Recovery to claim",
    total: "120 GOLD",
    action: "Claim recovery",
    invoice: "Default settled",
  },
  witheredClaimed: {
    words: "Withered: recovery claimed",
    amountLabel: "Recovery paid",
    total: "120 GOLD",
    action: null,
    invoice: "Default settled",
  },
};

describe("every crop state on every screen that shows it", () => {
  it("covers every case of the fixtures", () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(cropCases).sort());
  });

  for (const [name, want] of Object.entries(expected)) {
    it(`crop detail tells a ${name} crop with its amount and ${want.action ?? "no action"}`, () => {
      renderWithWallet(<CropDetail crop={cropFor(name)} />);
      const detail = screen.getByTestId("crop-detail");
      expect(within(detail).getByTestId("crop-stage").textContent).toBe(want.words);
      expect(within(detail).getByTestId("invoice-status").textContent).toBe(want.invoice);
      expect(within(detail).getByText(want.amountLabel)).toBeTruthy();
      expect(within(detail).getByTestId("crop-payout").textContent).toContain(want.total);
      expect(detail.textContent).not.toMatch(/\b0 days to harvest/);
      const actions = [...detail.querySelectorAll("[data-action]")].map((button) => button.textContent);
      expect(actions).toEqual(want.action ? [want.action] : []);
      if (want.days) expect(detail.textContent).toContain(want.days);
      if (want.explain)
        expect(within(detail).getByTestId("crop-state-explain").textContent).toBe(want.explain);
    });

    it(`garden plot tells a ${name} crop in the same words`, () => {
      renderWithWallet(
        <ul>
          <GardenPlot crop={cropFor(name)} selected={false} onSelect={() => undefined} />
        </ul>,
      );
      const plot = screen.getByTestId("garden-plot");
      expect(plot.textContent).toContain(want.words);
      if (want.days) expect(plot.textContent).toContain(want.days);
      else expect(plot.textContent).not.toContain("days to harvest");
    });
  }

  it("home lists growing crops under Growing now, refunds and recoveries under Waiting for you, and leaves finished ones out", () => {
    const crops = Object.keys(cropCases).map((name, index) => cropFor(name, index + 1));
    renderWithWallet(<ActiveCrops />, [[[...queryKeys.crops, testWallet], { crops }]]);
    const growing = screen.getAllByTestId("active-crop").map((line) => line.dataset.state);
    expect(growing.sort()).toEqual(["growing", "ripe", "seed", "sprout", "sprout", "wilting"]);
    const waiting = screen.getAllByTestId("attention-crop").map((line) => line.textContent);
    expect(waiting).toHaveLength(4);
    expect(waiting.join(" | ")).toContain("Close the lapsed funding and claim refund");
    expect(waiting.join(" | ")).toContain("Claim recovery");
    expect(screen.getByText("Waiting for you")).toBeTruthy();
    expect(screen.getByTestId("ripe-now").textContent).toBe("1 ripe now: ready to harvest.");
  });
});

describe("watering in the crop detail", () => {
  it("offers the water button on a growing crop of 10 GOLD or more, and says why a smaller one has none", () => {
    renderWithWallet(<CropDetail crop={{ ...cropFor("growing"), shares: (10n * 10n ** 18n).toString() }} />);
    expect(screen.getByTestId("water-button").textContent).toBe("Water");
    cleanup();
    renderWithWallet(
      <CropDetail crop={{ ...cropFor("growing"), shares: (10n * 10n ** 18n - 1n).toString() }} />,
    );
    expect(screen.queryByTestId("water-button")).toBeNull();
    expect(screen.getByTestId("water-note").textContent).toContain(
      "Only a crop of 10 GOLD or more is watered",
    );
  });
});

describe("the shop's seed card", () => {
  it("shows the term yield first, the annual figure with its explanation, and the farmer's record", async () => {
    const { SeedCard } = await import("../shop/SeedCard");
    const { seedFixture } = await import("../shop/seed-fixtures.test-support");
    renderWithWallet(
      <SeedCard
        seed={seedFixture({
          yieldBps: 500,
          tenorDays: 14,
          record: { repaid: 4, onTime: 3, defaulted: 1, inGrace: 0, overdue: 0 },
        })}
        canBuy={false}
        onPlanted={() => undefined}
      />,
    );
    const facts = [...document.querySelectorAll(".seed__facts dt")].map((term) => term.textContent);
    expect(facts.indexOf("Yield for the term")).toBeLessThan(facts.indexOf("Annual equivalent"));
    expect(screen.getByTestId("seed-term-yield").textContent).toContain("5 %");
    expect(document.body.textContent).toContain("130.35 %");
    // 5 % over 14 days: 0.357 % a day, beside the term yield (the fee cap's unit).
    expect(screen.getByTestId("seed-daily-rate").textContent).toBe("0.357 % a day");
    expect(document.body.textContent).toContain("you are paid the term yield");
    expect(screen.getByTestId("seed-track-record").textContent).toBe(
      "Farmer's record: 4 repaid (3 on time), 1 defaulted.",
    );
  });

  it('tells a farmer\'s late invoices, never "no invoice repaid or defaulted yet" while some are past grace', async () => {
    const { SeedCard } = await import("../shop/SeedCard");
    const { seedFixture } = await import("../shop/seed-fixtures.test-support");
    const late = { repaid: 0, onTime: 0, defaulted: 0, inGrace: 1, overdue: 2 };
    renderWithWallet(
      <SeedCard seed={seedFixture({ record: late })} canBuy={false} onPlanted={() => undefined} />,
    );
    expect(screen.getByTestId("seed-track-record").textContent).toBe(
      "Farmer's record: 0 repaid (0 on time), 0 defaulted. Late now: 2 past grace, not declared defaulted; 1 in grace.",
    );
    cleanup();
    renderWithWallet(
      <SeedCard seed={seedFixture({ record: late })} canBuy={false} onPlanted={() => undefined} />,
      [],
      "id",
    );
    expect(screen.getByTestId("seed-track-record").textContent).toBe(
      "Rekam jejak petani: 0 lunas (0 tepat waktu), 0 gagal bayar. Terlambat sekarang: 2 lewat masa tenggang, " +
        "belum dinyatakan gagal bayar; 1 dalam masa tenggang.",
    );
  });
});
