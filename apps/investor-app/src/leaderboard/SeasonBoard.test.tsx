import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { LeaderboardEntry, SeasonsResponse } from "@farm/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { queryKeys } from "../layout/query-keys";
import { renderWithI18n } from "../test-support/render-with-i18n";
import { LeaderboardRow } from "./LeaderboardRow";
import { SeasonBoard } from "./SeasonBoard";

afterEach(cleanup);

const longName = "sari_tani_dari_lembang_yang_rajin";
const entry = (rank: number, name: string | null, score: string): LeaderboardEntry =>
  ({
    rank,
    address: `0x${String(rank).repeat(40)}`,
    name,
    avatar: "sunflower",
    score,
  }) as LeaderboardEntry;

const seasons: SeasonsResponse = {
  current: {
    id: "2026-W48",
    startsAt: "2026-11-23T00:00:00.000Z",
    endsAt: "2026-11-30T00:00:00.000Z",
    entries: [entry(1, longName, "125"), entry(2, null, "75")],
  },
  past: [],
};

/** The name cell: its visible text cut by CSS with an ellipsis, the full name in its title and its text. */
function expectNameBesideScore(row: HTMLElement, name: string, score: string) {
  const cells = [...row.children].map((cell) => cell.className);
  expect(cells).toContain("rank-row__name");
  expect(cells.at(-1)).toBe("rank-row__score");
  const text = row.querySelector(".rank-row__name-text");
  expect(text?.getAttribute("title")).toBe(name);
  expect(text?.textContent).toBe(name);
  expect(row.querySelector(".rank-row__score")?.textContent).toBe(score);
}

describe("weekly season board", () => {
  it("lays its rows out like the main board: the name in its own ellipsis cell, the XP in the last column", () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.seasons, seasons);
    renderWithI18n(
      <QueryClientProvider client={client}>
        <SeasonBoard />
      </QueryClientProvider>,
    );
    const rows = within(screen.getByTestId("season")).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expectNameBesideScore(rows[0]!, longName, "125 XP");
    expect(rows[0]!.className).toBe("rank-row");
    // No name: the short address, whole in the title.
    const address = rows[1]!.querySelector(".rank-row__name-text");
    expect(address?.textContent).toBe("0x2222…2222");
    expect(address?.getAttribute("title")).toBe(`0x${"2".repeat(40)}`);
  });

  it("keeps the main board's 'you' tag outside the cut name", () => {
    renderWithI18n(<LeaderboardRow entry={entry(3, longName, "40")} by="xp" isMe />);
    const row = screen.getByRole("listitem");
    expectNameBesideScore(row, longName, "40 XP");
    expect(row.querySelector(".rank-row__name-text .tag")).toBeNull();
    expect(row.querySelector(".rank-row__name .tag")?.textContent).toBe("you");
  });

  it("styles the name to shrink and end in an ellipsis rather than run under the score", () => {
    const css = readFileSync(join(import.meta.dirname, "leaderboard.css"), "utf8");
    const rule = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split("}")[0] ?? "";
    expect(rule(".rank-row")).toContain("minmax(0, 1fr)");
    expect(rule(".rank-row__name")).toContain("min-width: 0");
    expect(rule(".rank-row__name-text")).toContain("text-overflow: ellipsis");
    expect(rule(".rank-row__score")).toContain("white-space: nowrap");
  });
});
