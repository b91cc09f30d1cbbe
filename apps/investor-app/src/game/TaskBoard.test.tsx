import type { GameState } from "@farm/core";
import { cleanup, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { ChoreBoard, QuestList } from "./TaskBoard";

afterEach(cleanup);

const task = <T extends string>(id: T, kind: string, target: number, progress: number) =>
  ({ id, kind, target, progress, completed: progress >= target }) as never;

const state = {
  day: "2026-11-25T00:00:00.000Z",
  nextDayAt: "2026-11-26T00:00:00.000Z",
  quests: [
    task("water-1", "water", 1, 1),
    task("market-1", "market", 1, 0),
    task("profile-1", "profile", 1, 0),
  ],
  chores: [
    task("water-days-4", "waterDay", 4, 1),
    task("quest-days-1", "questDay", 1, 0),
    task("garden-days-3", "garden", 3, 1),
    task("factsheets-3", "factsheet", 3, 0),
    task("leaderboard-week", "leaderboard", 1, 0),
  ],
  taskXp: {
    perQuest: 10,
    perChore: 30,
    dailyQuestCap: 30,
    weeklyChoreCap: 150,
    questsToday: 10,
    choresThisWeek: 0,
  },
  season: {
    id: "2026-W48",
    startsAt: "2026-11-23T00:00:00.000Z",
    endsAt: "2026-11-30T00:00:00.000Z",
    xp: 15,
  },
} as unknown as GameState;

describe("the quest list and the chore board", () => {
  it("says what to do, links each open task where it is done, and shows its progress and XP", () => {
    renderWithI18n(
      <MemoryRouter>
        <QuestList state={state} />
        <ChoreBoard state={state} />
      </MemoryRouter>,
    );
    const quests = screen.getAllByTestId("quest");
    expect(quests.map((quest) => quest.dataset.quest)).toEqual(["water-1", "market-1", "profile-1"]);
    // A done quest is no longer a link; an open one leads where it is done.
    expect(within(quests[0]!).queryByRole("link")).toBeNull();
    expect(within(quests[1]!).getByRole("link", { name: "Visit the seed market" }).getAttribute("href")).toBe(
      "/market",
    );
    expect(quests[1]!.textContent).toContain("0/1 · +10 XP");
    const chores = screen.getAllByTestId("chore");
    expect(chores).toHaveLength(5);
    expect(
      within(chores[0]!).getByRole("link", { name: "Water on 4 different days" }).getAttribute("href"),
    ).toBe("/farm");
    // Finishing a day's quests is done by the quests themselves: no link.
    expect(within(chores[1]!).queryByRole("link")).toBeNull();
    expect(screen.getByTestId("task-xp").textContent).toBe(
      "Today: 10/30 XP from quests · this week: 0/150 XP from chores",
    );
  });

  it("speaks Indonesian", () => {
    renderWithI18n(
      <MemoryRouter>
        <ChoreBoard state={state} />
      </MemoryRouter>,
      "id",
    );
    expect(screen.getByText("Tugas minggu ini")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Baca 3 lembar fakta benih" })).toBeTruthy();
  });
});
