import type { QuerySeed } from "@farm/ui/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, testWallet } from "../../test-support/render-with-wallet";
import { gardenFixture } from "./garden-fixture";
import YardPanel from "./YardPanel";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const seeded = (items: Parameters<typeof gardenFixture>[1] = []): QuerySeed => [
  [["game", "state", "garden", testWallet], gardenFixture(["path-dirt", "bench"], items)],
];

describe("the yard in the garden", () => {
  it("draws what is placed, from the saved layout", () => {
    renderWithWallet(
      <YardPanel />,
      seeded([
        { id: "bench", x: 1, y: 1 },
        { id: "path-dirt", x: 0, y: 0 },
      ]),
    );
    const yard = screen.getByTestId("garden-yard");
    expect(yard.getAttribute("aria-label")).toBe("Your yard, with 2 things placed");
    // Path tiles first, so no decoration is drawn under one.
    expect(
      [...yard.querySelectorAll("[data-decoration]")].map((g) => g.getAttribute("data-decoration")),
    ).toEqual(["path-dirt", "bench"]);
  });

  it("opens Arrange, places a bench with two taps, saves, and shows the saved yard", async () => {
    const items = [{ id: "bench", x: 2, y: 4 }];
    // A new answer per call: a body is read once.
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () =>
        new Response(JSON.stringify({ items, updatedAt: "2026-03-10T09:00:00.000Z" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    );
    renderWithWallet(<YardPanel />, seeded());
    expect(
      screen.getByText("Nothing placed yet. Arrange your yard with the decorations you unlocked."),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId("yard-arrange"));
    const bench = (await screen.findAllByTestId("yard-tray-item")).find(
      (b) => b.dataset.decoration === "bench",
    )!;
    fireEvent.click(bench);
    fireEvent.click(screen.getAllByTestId("yard-cell").find((c) => c.dataset.cell === "2,4")!);
    fireEvent.click(screen.getByTestId("yard-save"));
    expect((await screen.findByTestId("yard-saved")).textContent).toBe("Your yard is saved.");
    expect(screen.getByTestId("garden-yard").dataset.items).toBe("1");
  });
});
