import { sessionQueryKey } from "@farm/ui";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import InboxPage from "./InboxPage";

afterEach(cleanup);

describe("/inbox", () => {
  it("signed out offers the sign-in (the wallet panel) instead of loading for ever", () => {
    renderWithWallet(<InboxPage />, [[sessionQueryKey, null]], "id");
    expect(screen.getByRole("heading", { name: "Masuk dengan dompet" })).toBeTruthy();
    expect(screen.getByText("Notifikasi Anda milik dompet Anda: hubungkan dan masuk.")).toBeTruthy();
    expect(screen.queryByText("Memuat…")).toBeNull();
  });
});
