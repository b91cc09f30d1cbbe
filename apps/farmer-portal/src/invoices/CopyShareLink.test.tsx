import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { CopyShareLink } from "./CopyShareLink";

const link = "http://127.0.0.1:5174/confirm/abc";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the buyer link", () => {
  it("is copied with one press, and shared where the device can share", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText }, share });
    renderWithWallet(<CopyShareLink link={link} title="Please confirm invoice #7" />);
    fireEvent.click(screen.getByTestId("copy-link"));
    expect(await screen.findByText("Link copied.")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
    fireEvent.click(screen.getByTestId("share-link"));
    expect(share).toHaveBeenCalledWith({ title: "Please confirm invoice #7", url: link });
  });

  it("says to copy by hand when the clipboard is refused, and offers no share button without one", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error("denied")) },
    });
    renderWithWallet(<CopyShareLink link={link} title="t" />);
    fireEvent.click(screen.getByTestId("copy-link"));
    expect(await screen.findByText("Could not copy: select the link and copy it yourself.")).toBeTruthy();
    expect(screen.queryByTestId("share-link")).toBeNull();
  });
});
