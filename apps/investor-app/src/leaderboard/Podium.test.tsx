import type { LeaderboardEntry } from "@farm/core";
import { I18nProvider } from "@farm/ui";
import { testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render as rtlRender, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { queryKeys } from "../layout/query-keys";
import { renderWithI18n } from "../test-support/render-with-i18n";
import LeaderboardPage from "./LeaderboardPage";
import { Podium } from "./Podium";

afterEach(cleanup);

const entry = (rank: number, name: string | null, score: string): LeaderboardEntry => ({
  rank,
  address: `0x${String(rank).repeat(40)}`,
  name,
  avatar: rank === 2 ? null : "bee",
  score,
});

const board = [
  entry(1, "sari_tani_dari_lembang", "900"),
  entry(2, null, "640"),
  entry(3, "budi", "310"),
  entry(4, "dewi", "120"),
];

/** What a screen reader reads of an element: its text without the decorative (aria-hidden) drawings. */
function spoken(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? "";
}

describe("the leaderboard's podium", () => {
  it("stands the top three in rank order for screen readers, the winner in the middle on screen", () => {
    renderWithI18n(<Podium entries={board} by="xp" me={null} />);
    const podium = screen.getByRole("list", { name: "Top three" });
    const places = within(podium).getAllByRole("listitem");
    expect(places.map((place) => place.dataset.rank)).toEqual(["1", "2", "3"]);
    // The place classes put the winner in the middle column, second left and third right (leaderboard.css).
    expect(places.map((place) => place.className.match(/podium__place--(\d)/)?.[1])).toEqual(["1", "2", "3"]);
    expect(places.map(spoken)).toEqual([
      "Place 1sari_tani_dari_lembang900 XP",
      "Place 20x2222…2222640 XP",
      "Place 3budi310 XP",
    ]);
    // Nobody beyond the third stands on it.
    expect(podium.textContent).not.toContain("dewi");
  });

  it("keeps each name whole in its title and the score as its own cell, as the board's rows do", () => {
    renderWithI18n(<Podium entries={board} by="xp" me={null} />);
    const [first, second] = screen.getAllByTestId("podium-place");
    expect(first?.querySelector(".rank-row__name-text")?.getAttribute("title")).toBe(
      "sari_tani_dari_lembang",
    );
    expect(second?.querySelector(".rank-row__name-text")?.getAttribute("title")).toBe(`0x${"2".repeat(40)}`);
    expect(first?.querySelector(".rank-row__score")?.textContent).toBe("900 XP");
  });

  it("marks the caller's own place as current, with the 'you' tag, and no other", () => {
    renderWithI18n(<Podium entries={board} by="xp" me={board[2]!.address} />);
    const current = document.querySelectorAll('.rank-row[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toContain("budi");
    expect(current[0]?.textContent).toContain("you");
  });

  it("writes GOLD rankings as GOLD amounts, and stands only who there is", () => {
    renderWithI18n(<Podium entries={[entry(1, "sari", "20000000000000000000")]} by="yield" me={null} />);
    const places = screen.getAllByTestId("podium-place");
    expect(places).toHaveLength(1);
    expect(places[0]?.querySelector(".rank-row__score")?.textContent).toBe("20 GOLD");
  });

  it("is not drawn for an empty board", () => {
    renderWithI18n(<Podium entries={[]} by="xp" me={null} />);
    expect(screen.queryByTestId("podium")).toBeNull();
  });

  it("speaks Indonesian", () => {
    renderWithI18n(<Podium entries={board} by="xp" me={null} />, "id");
    expect(screen.getByRole("list", { name: "Tiga teratas" })).toBeTruthy();
    expect(screen.getAllByTestId("podium-place")[0]?.textContent).toContain("Peringkat 1");
  });
});

describe("the leaderboard page", () => {
  const me = entry(5, "me_myself", "50");
  const render = (entries: LeaderboardEntry[], caller: LeaderboardEntry | null) => {
    const client = testQueryClient(caller ? { address: caller.address, roles: [] } : null);
    client.setQueryData([...queryKeys.leaderboard("xp"), caller?.address], {
      pages: [{ by: "xp", entries, nextCursor: null, me: caller }],
      pageParams: [null],
    });
    localStorage.setItem("farm.language", "en");
    return rtlRender(
      <QueryClientProvider client={client}>
        <I18nProvider dictionaries={dictionaries}>
          <LeaderboardPage />
        </I18nProvider>
      </QueryClientProvider>,
    );
  };

  it("puts the top three on the podium and the rows below it from the fourth on", () => {
    render([...board, me], me);
    expect(screen.getAllByTestId("podium-place").map((place) => place.dataset.rank)).toEqual(["1", "2", "3"]);
    const rows = [...document.querySelectorAll(".rank-list .rank-row")].map(
      (row) => row.querySelector(".rank-row__rank")?.textContent,
    );
    expect(rows).toEqual(["#4", "#5"]);
    // The caller is found once, in its row, whether it stands on the podium or below it.
    expect(document.querySelectorAll('.rank-row[aria-current="true"]')).toHaveLength(1);
    expect(document.querySelector('.rank-row[aria-current="true"]')?.textContent).toContain("me_myself");
  });

  it("finds the caller on the podium when it stands there", () => {
    render(board, board[0]!);
    const current = document.querySelectorAll('.rank-row[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]?.closest('[data-testid="podium"]')).not.toBeNull();
  });
});
