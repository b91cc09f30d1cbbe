import { type AlmanacFunding, almanacOf, COMMODITIES } from "@farm/core";
import { I18nProvider } from "@farm/ui";
import { testQueryClient } from "@farm/ui/testing";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { dictionaries } from "../i18n/dictionaries";
import AlmanacPage from "./AlmanacPage";
import { AlmanacSummary } from "./AlmanacSummary";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const fundedAt = new Date("2026-03-02T08:00:00Z");
const funding = (tokenId: string, description: string, province: string): AlmanacFunding => ({
  tokenId,
  description,
  province,
  fundedAt,
});
// The server's answer for a player who funded rice in West Java, cocoa and chili in both Maluku provinces, and
// tobacco from a farm whose province the list does not know: built by core's own rule.
const answer = almanacOf([
  funding("1", "Beras medium", "Prov. Jawa Barat"),
  funding("2", "Kakao", "Maluku"),
  funding("3", "Cabai rawit", "Malut"),
  funding("4", "Tembakau", "Kuala Lumpur"),
]);

function renderWith(ui: ReactNode, language: "en" | "id" = "en", signedIn = true) {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(signedIn ? { address, roles: ["investor"] } : null);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={dictionaries}>
        <MemoryRouter>{ui}</MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

function stubAlmanac() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname !== "/api/game/almanac") return new Response("", { status: 404 });
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the almanac page", () => {
  it("draws each funded crop ripe, and the others as a quiet silhouette that says not yet", async () => {
    stubAlmanac();
    renderWith(<AlmanacPage />);
    const crops = await screen.findAllByTestId("almanac-crop");
    expect(crops.map((crop) => crop.getAttribute("data-commodity"))).toEqual([...COMMODITIES]);
    const rice = crops[0]!;
    expect(rice.getAttribute("data-funded")).toBe("yes");
    expect(rice.className).not.toContain("almanac-crop--missing");
    expect(within(rice).getByText(/1 invoice funded/)).toBeTruthy();
    expect(within(rice).getByText(/first on/)).toBeTruthy();
    const art = await within(rice).findByRole("img", { name: "Rice" });
    await vi.waitFor(() => expect(rice.querySelector("svg")?.getAttribute("data-stage")).toBe("ripe"));
    expect(art).toBeTruthy();
    const mango = crops[4]!;
    expect(mango.getAttribute("data-funded")).toBe("no");
    expect(mango.className).toContain("almanac-crop--missing");
    expect(within(mango).getByText("not yet")).toBeTruthy();
    expect(within(mango).getByRole("img", { name: "Mango: not yet" })).toBeTruthy();
  });

  it("groups the 38 provinces by island and marks the funded ones", async () => {
    stubAlmanac();
    const { container } = renderWith(<AlmanacPage />);
    const islands = await screen.findAllByTestId("almanac-island");
    expect(islands).toHaveLength(7);
    expect(container.querySelectorAll("[data-province]")).toHaveLength(38);
    const funded = [...container.querySelectorAll('[data-funded="yes"][data-province]')].map((li) =>
      li.getAttribute("data-province"),
    );
    expect(funded).toEqual(["jawa-barat", "maluku", "maluku-utara"]);
    expect(within(islands[5]!).getByRole("heading").textContent).toContain("2 of 2");
    expect(screen.getByLabelText("West Java: funded")).toBeTruthy();
    expect(screen.getByLabelText("Papua: not yet")).toBeTruthy();
  });

  it("shows each badge with its progress, the earned ones marked, and what could not be placed", async () => {
    stubAlmanac();
    renderWith(<AlmanacPage />);
    const badges = await screen.findAllByTestId("almanac-badge");
    expect(badges).toHaveLength(answer.badges.length);
    const maluku = badges.find((b) => b.getAttribute("data-badge") === "island-maluku")!;
    expect(maluku.getAttribute("data-earned")).toBe("yes");
    expect(within(maluku).getByText("All of Maluku")).toBeTruthy();
    expect(within(maluku).getByText("Earned")).toBeTruthy();
    const everyCrop = badges.find((b) => b.getAttribute("data-badge") === "every-commodity")!;
    expect(everyCrop.getAttribute("data-earned")).toBe("no");
    expect(within(everyCrop).getByText("3 of 8")).toBeTruthy();
    const twenty = badges.find((b) => b.getAttribute("data-badge") === "provinces-20")!;
    expect(within(twenty).getByText("20 provinces")).toBeTruthy();
    expect(within(twenty).getByText("3 of 20")).toBeTruthy();
    expect(within(twenty).getByRole("progressbar").getAttribute("value")).toBe("3");
    const unplaced = screen.getByTestId("almanac-unplaced");
    expect(within(unplaced).getByText("1 invoice of another crop")).toBeTruthy();
    expect(within(unplaced).getByText("kuala lumpur: 1")).toBeTruthy();
  });

  it("speaks Indonesian", async () => {
    stubAlmanac();
    renderWith(<AlmanacPage />, "id");
    expect(await screen.findByRole("heading", { level: 1, name: "Almanak" })).toBeTruthy();
    await screen.findAllByTestId("almanac-crop");
    expect(screen.getByLabelText("Jawa Barat: sudah didanai")).toBeTruthy();
    expect(screen.getByText("Seluruh Maluku")).toBeTruthy();
  });

  it("asks a visitor to sign in and asks the server nothing", () => {
    const fetch = stubAlmanac();
    renderWith(<AlmanacPage />, "en", false);
    expect(screen.queryByTestId("almanac-crop")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the almanac summary", () => {
  it("counts crops, provinces and badges collected and links to the almanac", async () => {
    stubAlmanac();
    renderWith(<AlmanacSummary />);
    expect((await screen.findByTestId("almanac-summary-crops")).textContent).toContain("3 of 8");
    expect(screen.getByTestId("almanac-summary-provinces").textContent).toContain("3 of 38");
    expect(screen.getByTestId("almanac-summary-badges").textContent).toContain(
      `${answer.badges.filter((b) => b.earned).length} of ${answer.badges.length}`,
    );
    expect(screen.getByRole("link", { name: "Open the almanac" }).getAttribute("href")).toBe("/almanac");
  });
});
