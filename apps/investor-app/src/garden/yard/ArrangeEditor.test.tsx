import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet, testWallet } from "../../test-support/render-with-wallet";
import ArrangeEditor from "./ArrangeEditor";
import { gardenFixture } from "./garden-fixture";
import SeasonStrip from "./SeasonStrip";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const cell = (x: number, y: number) =>
  screen.getAllByTestId("yard-cell").find((element) => element.dataset.cell === `${x},${y}`)!;
const trayItem = (id: string) =>
  within(screen.getByTestId("yard-tray"))
    .getAllByTestId("yard-tray-item")
    .find((element) => element.dataset.decoration === id)!;

describe("the arrange tray", () => {
  it("lists the unlocked items to place and says how the others unlock", () => {
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt", "flower-bed"])} onDone={() => {}} />);
    const tray = screen.getAllByTestId("yard-tray-item").map((element) => element.dataset.decoration);
    expect(tray).toEqual(["path-dirt", "flower-bed"]);
    const windmill = screen
      .getAllByTestId("yard-locked-item")
      .find((element) => element.dataset.decoration === "windmill")!;
    expect(windmill.textContent).toContain("Reach level 10 (you are level 2)");
    expect(screen.getAllByTestId("yard-cell")).toHaveLength(48);
  });

  it("places an item with a tap on it and a tap on a cell, then moves and removes it with taps", () => {
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt", "flower-bed"])} onDone={() => {}} />);
    fireEvent.click(trayItem("flower-bed"));
    expect(trayItem("flower-bed").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("yard-status").textContent).toBe("Placing Flower bed: choose an empty cell.");
    fireEvent.click(cell(2, 3));
    expect(cell(2, 3).dataset.item).toBe("flower-bed");
    expect(cell(2, 3).getAttribute("aria-label")).toBe("Row 4, column 3: Flower bed");
    // Let go of the tray item, pick up the placed one and move it.
    fireEvent.click(trayItem("flower-bed"));
    fireEvent.click(cell(2, 3));
    expect(screen.getByTestId("yard-status").textContent).toContain("Flower bed picked up");
    fireEvent.click(cell(5, 7));
    expect(cell(2, 3).dataset.item).toBe("");
    expect(cell(5, 7).dataset.item).toBe("flower-bed");
    fireEvent.click(cell(5, 7));
    fireEvent.click(screen.getByTestId("yard-remove"));
    expect(screen.getAllByTestId("yard-cell").filter((element) => element.dataset.item !== "")).toHaveLength(
      0,
    );
    expect(screen.getByTestId("yard-status").textContent).toBe("0 of 24 placed");
  });

  it("speaks Indonesian too", () => {
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["flower-bed"])} onDone={() => {}} />, [], "id");
    fireEvent.click(trayItem("flower-bed"));
    expect(screen.getByTestId("yard-status").textContent).toBe(
      "Memasang Petak bunga: pilih petak yang kosong.",
    );
    fireEvent.click(cell(0, 0));
    expect(cell(0, 0).getAttribute("aria-label")).toBe("Baris 1, kolom 1: Petak bunga");
    expect(screen.getByTestId("yard-remove").textContent).toBe("Singkirkan");
  });

  it("drags a tray item onto a cell with a mouse", () => {
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt"])} onDone={() => {}} />);
    fireEvent.pointerDown(trayItem("path-dirt"), { pointerType: "mouse" });
    fireEvent.pointerUp(cell(1, 1), { pointerType: "mouse" });
    expect(cell(1, 1).dataset.item).toBe("path-dirt");
    // A touch is never a drag: on a phone, tap then tap.
    fireEvent.pointerDown(trayItem("path-dirt"), { pointerType: "touch" });
    fireEvent.pointerUp(cell(2, 1), { pointerType: "touch" });
    expect(cell(2, 1).dataset.item).toBe("");
  });

  it("moves between cells with the arrow keys", () => {
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt"])} onDone={() => {}} />);
    cell(0, 0).focus();
    fireEvent.keyDown(cell(0, 0), { key: "ArrowRight" });
    expect(document.activeElement).toBe(cell(1, 0));
    fireEvent.keyDown(cell(1, 0), { key: "ArrowDown" });
    expect(document.activeElement).toBe(cell(1, 1));
    fireEvent.keyDown(cell(1, 1), { key: "ArrowLeft" });
    fireEvent.keyDown(cell(0, 1), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(cell(0, 1));
  });

  it("saves the layout with PUT and is done", async () => {
    const items = [{ id: "path-dirt", x: 0, y: 0 }];
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ items, updatedAt: "2026-03-10T09:00:00.000Z" }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    const onDone = vi.fn();
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt"])} onDone={onDone} />);
    fireEvent.click(trayItem("path-dirt"));
    fireEvent.click(cell(0, 0));
    fireEvent.click(screen.getByTestId("yard-save"));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    const saves = fetch.mock.calls.filter(([url]) => url === "/api/game/garden/layout");
    expect(saves).toHaveLength(1);
    const init = saves[0]![1];
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ items });
  });

  it("shows the server's refusal in the player's words", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "DECORATION_LOCKED", message: "locked" } }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    const onDone = vi.fn();
    renderWithWallet(<ArrangeEditor garden={gardenFixture(["path-dirt"])} onDone={onDone} />);
    fireEvent.click(screen.getByTestId("yard-save"));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "You have not unlocked that decoration yet.",
    );
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe("the season strip", () => {
  it("shows the week's theme, each tier's reward, what is reached and what is left, and the end", () => {
    const garden = gardenFixture([], [], 60);
    renderWithWallet(<SeasonStrip />, [[["game", "state", "garden", testWallet], garden]]);
    expect(screen.getByRole("heading").textContent).toBe("This week: Lantern night");
    const tiers = screen.getAllByTestId("season-tier");
    expect(tiers.map((tier) => tier.dataset.reached)).toEqual(["yes", "no", "no"]);
    expect(tiers[0]!.textContent).toContain("Lotus lantern");
    expect(tiers[1]!.textContent).toContain("90 XP to go");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("60");
    expect(screen.getByTestId("season-strip").textContent).toContain("Mar 16, 2026");
  });
});
