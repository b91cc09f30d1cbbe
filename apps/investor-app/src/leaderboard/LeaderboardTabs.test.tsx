import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { LeaderboardTabs } from "./LeaderboardTabs";

afterEach(cleanup);

describe("leaderboard tabs", () => {
  it("marks only the selected tab and keeps only it in the tab order", () => {
    renderWithI18n(<LeaderboardTabs selected="invested" onSelect={() => {}} panelId="panel" />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["false", "true", "false"]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
  });

  it("moves with the arrow keys and wraps around", () => {
    const onSelect = vi.fn();
    renderWithI18n(<LeaderboardTabs selected="yield" onSelect={onSelect} panelId="panel" />);
    fireEvent.keyDown(screen.getByRole("tab", { name: "Yield earned" }), { key: "ArrowRight" });
    expect(onSelect).toHaveBeenLastCalledWith("xp");
    fireEvent.keyDown(screen.getByRole("tab", { name: "Yield earned" }), { key: "ArrowLeft" });
    expect(onSelect).toHaveBeenLastCalledWith("invested");
  });
});
