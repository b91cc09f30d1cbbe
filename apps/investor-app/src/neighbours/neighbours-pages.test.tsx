import type { LeaderboardEntry, MyTeam, PublicGarden } from "@farm/core";
import { I18nProvider } from "@farm/ui";
import { testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import { LeaderboardRow } from "../leaderboard/LeaderboardRow";
import NeighboursPage from "./NeighboursPage";
import PublicGardenPage from "./PublicGardenPage";

const me = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const slug = "abcdefghijklmnop";

function renderAt(path: string, signedIn: boolean, language: "en" | "id" = "en") {
  localStorage.setItem("farm.language", language);
  return render(
    <QueryClientProvider client={testQueryClient(signedIn ? { address: me, roles: [] } : null)}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/neighbours" element={<NeighboursPage />} />
            <Route path="/gardens/:slug" element={<PublicGardenPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Answers each "METHOD /api/path" from the table (a function for a changing answer); records what was sent. */
function stubApi(routes: Record<string, unknown | (() => Response)>) {
  const sent: { key: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    sent.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = routes[key];
    if (answer === undefined) return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    return typeof answer === "function" ? (answer as () => Response)() : json(answer);
  });
  return sent;
}

const garden = (over: Partial<PublicGarden> = {}): PublicGarden => ({
  slug,
  name: "sari_tani",
  avatar: "sunflower",
  level: 4,
  plants: [
    { commodity: "coffee", stage: "growing" },
    { commodity: "rice", stage: "ripe" },
  ],
  decorations: [],
  helpsToday: 1,
  help: { blocker: null, helpsLeft: 3 },
  ...over,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("a public garden", () => {
  it("draws the plants by commodity and stage and helps once: the answer's XP is told", async () => {
    const sent = stubApi({
      [`GET /api/gardens/${slug}`]: garden(),
      [`POST /api/gardens/${slug}/help`]: { xpGained: 5, neighbourRewarded: true, helpsLeft: 2 },
    });
    renderAt(`/gardens/${slug}`, true);
    expect(await screen.findByRole("heading", { name: "sari_tani's garden" })).toBeTruthy();
    expect(screen.getByText("Coffee, Growing")).toBeTruthy();
    expect(screen.getByText("Rice, Ripe")).toBeTruthy();
    expect(screen.getByText("1 neighbour helped today", { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Help water (+5 XP)" }));
    expect(await screen.findByText("Thanks for helping! +5 XP for you and for your neighbour.")).toBeTruthy();
    expect(sent.map((request) => request.key)).toContain(`POST /api/gardens/${slug}/help`);
  });

  it("disables Help with the reason when the caller cannot help", async () => {
    for (const [blocker, reason] of [
      ["not-verified", "Only verified investors can help. Verify yourself first."],
      ["helped-today", "You helped here today. Come back tomorrow."],
      ["own-garden", "This is your own garden: help a neighbour's."],
    ] as const) {
      stubApi({ [`GET /api/gardens/${slug}`]: garden({ help: { blocker, helpsLeft: 2 } }) });
      renderAt(`/gardens/${slug}`, true);
      const button = await screen.findByRole("button", { name: "Help water (+5 XP)" });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getByText(reason, { exact: false })).toBeTruthy();
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it("says a private or unknown garden is not to be seen, in Indonesian too", async () => {
    stubApi({});
    renderAt(`/gardens/${slug}`, false, "id");
    expect(await screen.findByText("Kebun ini pribadi atau tidak ada.")).toBeTruthy();
  });
});

describe("the neighbours page", () => {
  const team: MyTeam = {
    team: {
      name: "Tani Lembang",
      inviteCode: "abcd2345",
      maxMembers: 10,
      members: [
        { name: "sari_tani", avatar: "sunflower", garden: slug, isMe: false },
        { name: null, avatar: null, garden: null, isMe: true },
      ],
      event: { week: "2026-W48", endsAt: "2026-11-30T00:00:00.000Z", goal: 20, points: 7, reached: false },
    },
    ribbons: [{ week: "2026-W47", reward: "neighbourhood-ribbon" }],
  };

  it("tells what a public garden shows and switches it, then shows the team, its event and members' gardens", async () => {
    let isPublic = false;
    const sent = stubApi({
      "GET /api/game/garden/visibility": () => json({ public: isPublic, slug: isPublic ? slug : null }),
      "PUT /api/game/garden/visibility": () => {
        isPublic = true;
        return json({ public: true, slug });
      },
      "GET /api/teams/mine": team,
    });
    renderAt("/neighbours", true);
    expect(await screen.findByText("Private: only you see your garden.")).toBeTruthy();
    expect(screen.getByText(/Never your wallet address, an amount or a date/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Make my garden public" }));
    expect(await screen.findByRole("link", { name: "Open my public garden" })).toBeTruthy();
    expect(sent.find((request) => request.key === "PUT /api/game/garden/visibility")?.body).toEqual({
      public: true,
    });

    expect(await screen.findByText("7 of 20 waterings and helps")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Visit" }).getAttribute("href")).toBe(`/gardens/${slug}`);
    expect(screen.getByText("Garden private")).toBeTruthy();
    expect(screen.getByText("Ribbon of week 2026-W47")).toBeTruthy();
    expect(screen.getByText(/abcd2345/)).toBeTruthy();
  });

  it("offers to start or join a neighbourhood when in none, and sends the code", async () => {
    const sent = stubApi({
      "GET /api/game/garden/visibility": { public: false, slug: null },
      "GET /api/teams/mine": { team: null, ribbons: [] },
      "POST /api/teams/join": team,
    });
    renderAt("/neighbours", true);
    fireEvent.change(await screen.findByLabelText("Invite code"), { target: { value: "ABCD2345" } });
    fireEvent.click(screen.getByRole("button", { name: "Join" }));
    await waitFor(() =>
      expect(sent.find((request) => request.key === "POST /api/teams/join")?.body).toEqual({
        code: "ABCD2345",
      }),
    );
  });

  it("words a refusal in the reader's language: a full neighbourhood", async () => {
    stubApi({
      "GET /api/game/garden/visibility": { public: false, slug: null },
      "GET /api/teams/mine": { team: null, ribbons: [] },
      "POST /api/teams/join": () =>
        json({ error: { code: "TEAM_FULL", message: "This neighbourhood is full (10 members)" } }, 409),
    });
    renderAt("/neighbours", true, "id");
    fireEvent.change(await screen.findByLabelText("Kode undangan"), { target: { value: "abcd2345" } });
    fireEvent.click(screen.getByRole("button", { name: "Gabung" }));
    expect(
      await screen.findByText("Lingkungan ini sudah penuh (10 anggota).", { exact: false }),
    ).toBeTruthy();
  });

  it("asks a signed-out visitor to sign in", () => {
    stubApi({});
    renderAt("/neighbours", false);
    expect(screen.getByRole("heading", { name: "Neighbours" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Make my garden public" })).toBeNull();
  });
});

describe("a leaderboard row", () => {
  const entry = (garden?: string): LeaderboardEntry => ({
    rank: 1,
    address: me,
    name: "sari_tani",
    avatar: null,
    score: "120",
    ...(garden ? { garden } : {}),
  });

  it("has a Visit link only when the player's garden is public", () => {
    localStorage.setItem("farm.language", "en");
    const { unmount } = render(
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>
          <LeaderboardRow entry={entry(slug)} by="xp" isMe={false} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole("link", { name: "Visit sari_tani's garden" }).getAttribute("href")).toBe(
      `/gardens/${slug}`,
    );
    unmount();
    render(
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>
          <LeaderboardRow entry={entry()} by="xp" isMe={false} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });
});
