import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { ProfileEditor } from "./ProfileEditor";

afterEach(cleanup);

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
});
