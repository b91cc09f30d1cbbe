import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { ProfileEditor } from "./ProfileEditor";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("display name form", () => {
  it("says a 40-character name is too long and keeps every character typed", () => {
    const profile = { displayName: null, avatar: null } as unknown as Parameters<
      typeof ProfileEditor
    >[0]["profile"];
    renderWithWallet(<ProfileEditor profile={profile} />);
    const input = screen.getByLabelText(/Display name/) as HTMLInputElement;
    const long = "a".repeat(40);
    fireEvent.change(input, { target: { value: long } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(input.value).toBe(long);
    expect(screen.getByText("At most 20 characters; this name has 40.")).toBeTruthy();
    expect(screen.queryByTestId("profile-saved")).toBeNull();
  });

  it("drops the server's refusal of the last name once a new name is typed or refused by the form", async () => {
    // The API's answer to the first save: that name belongs to someone else.
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "DISPLAY_NAME_TAKEN", message: "taken" } }), {
        status: 409,
        headers: { "content-type": "application/json" },
      }),
    );
    const profile = { displayName: null, avatar: null } as unknown as Parameters<
      typeof ProfileEditor
    >[0]["profile"];
    renderWithWallet(<ProfileEditor profile={profile} />);
    const input = screen.getByLabelText(/Display name/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "sari_tani" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const taken = await screen.findByRole("alert");
    const takenText = taken.textContent ?? "";
    expect(takenText).not.toBe("");
    fireEvent.change(input, { target: { value: "a".repeat(40) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("At most 20 characters; this name has 40.")).toBeTruthy();
    expect(screen.queryByText(takenText)).toBeNull();
  });

  it("says on an Indonesian page that the name is taken in Indonesian, never the API's English sentence", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: "DISPLAY_NAME_TAKEN",
            message: 'The display name "sari_tani" is taken; choose another',
            requestId: "abcdef1234567",
          },
        }),
        { status: 409, headers: { "content-type": "application/json" } },
      ),
    );
    const profile = { displayName: null, avatar: null } as unknown as Parameters<
      typeof ProfileEditor
    >[0]["profile"];
    renderWithWallet(<ProfileEditor profile={profile} />, [], "id");
    const input = screen.getByLabelText(/Nama tampilan/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "sari_tani" } });
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Nama tampilan ini sudah dipakai. Pilih nama lain. (referensi abcdef12)");
    expect(input.value).toBe("sari_tani");
  });
});
