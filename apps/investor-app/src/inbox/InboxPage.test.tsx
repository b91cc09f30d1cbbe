import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithI18n } from "../test-support/render-with-i18n";
import InboxPage from "./InboxPage";

afterEach(cleanup);

describe("/inbox", () => {
  it("signed out asks to sign in, for the notifications, instead of loading for ever", () => {
    renderWithI18n(<InboxPage />, "id");
    expect(
      screen.getByText("Hubungkan dompet dan masuk (kanan atas) untuk melihat notifikasi Anda."),
    ).toBeTruthy();
    expect(screen.queryByText("Memuat…")).toBeNull();
  });
});
