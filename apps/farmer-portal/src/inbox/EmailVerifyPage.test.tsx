import { stubApi } from "@farm/ui/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import EmailVerifyPage from "./EmailVerifyPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(language: "en" | "id") {
  renderWithWallet(
    <Routes location="/email/verify/tok_123">
      <Route path="/email/verify/:token" element={<EmailVerifyPage />} />
    </Routes>,
    [],
    language,
  );
}

describe("an address-verification link's page", () => {
  it("changes nothing when opened and verifies only when the reader confirms (id)", async () => {
    const api = stubApi((_url, init) =>
      init?.method === "POST" ? json(200, { verified: true }) : json(200, { live: true }),
    );
    const calls = () => api.map((call) => `${call.method} ${call.url}`);
    renderAt("id");
    const button = await screen.findByTestId("email-verify-confirm");
    expect(button.textContent).toBe("Konfirmasi alamat ini");
    expect(calls()).toEqual(["GET /api/notifications/verify/tok_123"]);
    fireEvent.click(button);
    expect((await screen.findByTestId("email-verified")).textContent).toMatch(
      /^Alamat Anda sudah dikonfirmasi/,
    );
    expect(calls()).toEqual([
      "GET /api/notifications/verify/tok_123",
      "POST /api/notifications/verify/tok_123",
    ]);
  });

  it("says a used or replaced link is not live, with what to do", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        json(404, { error: { code: "NOT_FOUND", message: "This verification link is not live" } }),
      ),
    );
    renderAt("en");
    expect((await screen.findByRole("alert")).textContent).toMatch(
      /ask for a new one in your notification settings/,
    );
    expect(screen.queryByTestId("email-verify-confirm")).toBeNull();
  });

  it.each([
    ["en", "This link has expired (a link works 7 days): ask for a new one in your notification settings."],
    [
      "id",
      "Tautan ini sudah kedaluwarsa (tautan berlaku 7 hari): minta tautan baru di pengaturan notifikasi Anda.",
    ],
  ] as const)("says an expired link expired and where to ask for a new one (%s)", async (language, words) => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        json(410, {
          error: {
            code: "VERIFICATION_LINK_EXPIRED",
            message: "This verification link has expired",
            details: { days: 7 },
          },
        }),
      ),
    );
    renderAt(language);
    expect((await screen.findByRole("alert")).textContent).toBe(words);
    expect(screen.queryByTestId("email-verify-confirm")).toBeNull();
  });
});
