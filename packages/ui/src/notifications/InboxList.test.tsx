import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { sharedWords } from "../i18n/shared-words";
import { testQueryClient } from "../testing/query-client";
import { InboxList } from "./InboxList";

afterEach(cleanup);

function renderInbox(session: { address: string; roles: string[] } | null, language: "en" | "id") {
  localStorage.setItem("farm.language", language);
  const client = testQueryClient(session);
  if (session)
    client.setQueryData(["notifications", "inbox", session.address], {
      unread: 1,
      items: [
        {
          id: "1",
          kind: "kyc_approved",
          params: {},
          createdAt: "2026-11-28T00:00:00.000Z",
          read: false,
        },
      ],
    });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider dictionaries={{ en: sharedWords.en, id: sharedWords.id }}>
        <MemoryRouter>
          <InboxList app="portal" />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("InboxList", () => {
  it.each([
    ["en", "Sign in to see your notifications."],
    ["id", "Masuk untuk melihat notifikasi Anda."],
  ] as const)("signed out says in %s to sign in instead of loading for ever", (language, expected) => {
    renderInbox(null, language);
    expect(screen.getByRole("status").textContent).toBe(expected);
  });

  it("signed in lists the wallet's notifications", () => {
    renderInbox({ address: "0x00000000000000000000000000000000000000aa", roles: [] }, "en");
    expect(screen.getByRole("heading", { name: "Inbox" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});
