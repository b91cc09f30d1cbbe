import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { TourGate } from "./TourGate";
import { TOUR_DONE_KEY } from "./tour-storage";

afterEach(cleanup);
beforeEach(() => localStorage.removeItem(TOUR_DONE_KEY));

describe("first-visit tour", () => {
  it("walks a new player through GOLD, buying, watering, the daily loop and harvest, and is not shown again", async () => {
    renderWithI18n(<TourGate />);
    const steps = [];
    for (let i = 0; i < 5; i++) {
      steps.push((await screen.findByTestId("tour")).dataset.step);
      if (i === 2) expect(screen.getByText(/never changes money or dates/)).toBeTruthy();
      if (i === 3) expect(screen.getByText(/three quests that fit your garden/)).toBeTruthy();
      if (i === 4) expect(screen.getByText(/help them water once a day/)).toBeTruthy();
      fireEvent.click(screen.getByTestId("tour-next"));
    }
    steps.push((await screen.findByTestId("tour")).dataset.step);
    expect(steps).toEqual(["gold", "buy", "water", "daily", "together", "harvest"]);
    fireEvent.click(screen.getByTestId("tour-done"));
    expect(screen.queryByTestId("tour")).toBeNull();
    cleanup();
    renderWithI18n(<TourGate />);
    expect(screen.queryByTestId("tour")).toBeNull();
  });

  it("can be skipped from the first step", async () => {
    renderWithI18n(<TourGate />);
    fireEvent.click(await screen.findByTestId("tour-skip"));
    expect(screen.queryByTestId("tour")).toBeNull();
    expect(localStorage.getItem(TOUR_DONE_KEY)).toBe("yes");
  });
});
