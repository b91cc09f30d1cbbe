import { type Crop, cropStageOf, cropStateToJson, deriveCropState } from "@farm/core";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ActiveCrops } from "../../home/ActiveCrops";
import { queryKeys } from "../../layout/query-keys";
import { seedFixture } from "../../shop/seed-fixtures.test-support";
import { cropCases, cropFor } from "../../test-support/crops-in-every-state";
import { renderWithWallet, testWallet } from "../../test-support/render-with-wallet";
import { GardenPlot } from "../GardenPlot";
import { growthShare } from "./plant-model";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// A 30-day coffee crop funded on 2026-05-28 (the fixtures' sprout), visited on several days of the chain's clock.
const facts = cropCases.sprout!;
const dayOfTerm = (day: number) => new Date(facts.fundedAt!.getTime() + day * 86_400_000);

/** The crop as GET /api/crops answers it at the chain's time `asOf`: its stage and growth share derived there. */
function cropAt(asOf: Date, base: Crop = cropFor("sprout")): Crop {
  const state = deriveCropState(facts, asOf);
  return {
    ...base,
    invoice: { ...base.invoice, description: "Coffee" },
    state: cropStateToJson(state),
    stage: cropStageOf(state),
    progress: growthShare(facts.fundedAt, facts.maturity, asOf),
    wateredToday: true,
  };
}

/** The garden plot's drawing once its lazy chunk is in. */
async function drawnIn(container: ParentNode): Promise<SVGSVGElement> {
  let svg: SVGSVGElement | null = null;
  await waitFor(() => {
    svg = container.querySelector("svg.crop-art");
    expect(svg).not.toBeNull();
  });
  return svg as unknown as SVGSVGElement;
}

async function plotAt(asOf: Date) {
  const { container, unmount } = renderWithWallet(
    <ul>
      <GardenPlot crop={cropAt(asOf)} selected={false} onSelect={() => undefined} />
    </ul>,
  );
  const svg = await drawnIn(container);
  const drawn = {
    stage: svg.dataset.stage,
    growth: Number(svg.dataset.growth),
    buds: Number(svg.dataset.buds),
    picture: svg.innerHTML,
  };
  unmount();
  return drawn;
}

describe("a plant between visits", () => {
  it("is drawn bigger, then budding, at each later visit on the chain's clock, never smaller", async () => {
    const visits = [];
    for (const day of [1, 5, 9, 13, 19, 24, 29]) visits.push(await plotAt(dayOfTerm(day)));
    expect(visits.map((visit) => visit.stage)).toEqual([
      "sprout",
      "sprout",
      "sprout",
      "growing",
      "growing",
      "growing",
      "growing",
    ]);
    for (let i = 1; i < visits.length; i++) {
      expect(visits[i]!.growth).toBeGreaterThan(visits[i - 1]!.growth);
      expect(visits[i]!.buds).toBeGreaterThanOrEqual(visits[i - 1]!.buds);
      // Something a player sees has changed since the visit before.
      expect(visits[i]!.picture).not.toBe(visits[i - 1]!.picture);
    }
    expect(visits.at(-1)!.buds).toBe(3);
  });

  it("is the same picture at the same chain time whatever the device's clock says", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const pictures = [];
    for (const deviceNow of ["2019-01-01T00:00:00Z", "2026-06-05T12:00:00Z", "2030-12-31T23:00:00Z"]) {
      vi.setSystemTime(new Date(deviceNow));
      pictures.push((await plotAt(dayOfTerm(13))).picture);
    }
    expect(new Set(pictures).size).toBe(1);
  });
});

describe("a ripe plant", () => {
  it("looks the same, ripe and fruiting, on the home page, in the garden and on the shop's seed packet", async () => {
    const ripe = { ...cropFor("ripe"), wateredToday: true };
    const rice = { ...ripe, invoice: { ...ripe.invoice, description: "Rice" } };

    const home = renderWithWallet(<ActiveCrops />, [[[...queryKeys.crops, testWallet], { crops: [rice] }]]);
    const atHome = await drawnIn(await screen.findByTestId("active-crop"));
    const homePicture = atHome.innerHTML;
    expect(atHome.dataset.stage).toBe("ripe");
    expect(atHome.querySelectorAll('[data-part="fruit"]').length).toBeGreaterThan(0);
    home.unmount();

    const garden = renderWithWallet(
      <ul>
        <GardenPlot crop={rice} selected={false} onSelect={() => undefined} />
      </ul>,
    );
    const inGarden = (await drawnIn(garden.container)).innerHTML;
    garden.unmount();

    const { SeedCard } = await import("../../shop/SeedCard");
    const shop = renderWithWallet(
      <SeedCard seed={seedFixture({ crop: "Rice" })} canBuy={false} onPlanted={() => undefined} />,
    );
    const onPacket = await drawnIn(shop.container);
    expect(onPacket.getAttribute("aria-label")).toBe("Seed packet: Rice");

    expect(inGarden).toBe(homePicture);
    expect(onPacket.innerHTML).toBe(homePicture);
  });
});
