import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import { testQueryClient } from "../testing/query-client";
import { stubApi } from "../testing/stub-api";
import { NotificationSettings } from "./NotificationSettings";

const refused = {
  error: {
    code: "TOO_MANY_VERIFICATION_EMAILS",
    message: "At most 5 verification e-mails a day...",
    details: { limit: 5, retryAt: "2027-03-04T00:00:00.000Z" },
  },
};

const stored = { email: "old@example.id" as string | null, language: "en" as "en" | "id" };

function renderSettings(language: "en" | "id", address_ = stored) {
  localStorage.setItem("farm.language", language);
  const address = "0x00000000000000000000000000000000000000aa";
  const client = testQueryClient({ address, roles: [] });
  client.setQueryData(["notifications", "preferences", address], {
    ...address_,
    verified: false,
    kinds: [{ kind: "harvest_ready", email: true }],
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <NotificationSettings />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("NotificationSettings", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [
      "en",
      "Too many verification e-mails today for this wallet or this address; nothing was saved. Ask again after 00:00 UTC.",
    ],
    [
      "id",
      "Terlalu banyak e-mail verifikasi hari ini untuk dompet atau alamat ini; tidak ada yang disimpan. Minta lagi setelah pukul 00.00 UTC.",
    ],
  ] as const)("says in %s why a save was refused, and when to ask again", async (language, expected) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(refused), {
            status: 429,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    renderSettings(language);
    fireEvent.submit(screen.getByRole("button").closest("form")!);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(expected));
  });

  it.each([
    ["no address yet: the page's language", "id", { email: null, language: "en" }, "id"],
    ["no address yet, English page", "en", { email: null, language: "en" }, "en"],
    ["the address's stored language", "en", { email: "petani@example.id", language: "id" }, "id"],
    ["the stored one over the page's", "id", { email: "farmer@example.com", language: "en" }, "en"],
  ] as const)(
    "starts the e-mail language on %s, and saves what it shows",
    async (_, page, address, expected) => {
      const saved = stubApi(
        () =>
          new Response(JSON.stringify({ ...address, verified: false, kinds: [] }), {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
      );
      renderSettings(page, address);
      const select = screen.getByRole("combobox") as HTMLSelectElement;
      expect(select.value).toBe(expected);
      fireEvent.change(screen.getByRole("textbox"), { target: { value: "petani@example.id" } });
      fireEvent.submit(select.closest("form")!);
      await waitFor(() => expect(saved.length).toBeGreaterThan(0));
      expect(JSON.parse(String(saved[0]!.init!.body))).toMatchObject({ language: expected });
    },
  );
});
