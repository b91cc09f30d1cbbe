import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useNavigate } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { isChunkLoadError, RouteErrorBoundary } from "./RouteErrorBoundary";

let navigate: ((to: string) => void) | null = null;

function NavigateHandle() {
  navigate = useNavigate();
  return null;
}

function Broken({ error }: { error: Error }): never {
  throw error;
}

function app(error: Error) {
  return (
    <I18nProvider dictionaries={{ en: {}, id: {} }}>
      <MemoryRouter initialEntries={["/broken"]}>
        <NavigateHandle />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken error={error} />} />
            <Route path="/fine" element={<p data-testid="fine">fine</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>
    </I18nProvider>
  );
}

beforeEach(() => {
  localStorage.setItem("farm.language", "en");
  // React reports the caught error to the console; the boundary logs it once more for support. Both are expected.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  navigate = null;
});

describe("a page that fails to render", () => {
  it("shows what happened and a reload button inside the app, not a blank screen, and logs the error", () => {
    render(app(new TypeError("Cannot read properties of undefined (reading 'x')")));
    const notice = screen.getByTestId("route-error");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain("This page could not be shown.");
    expect(notice.textContent).toContain("Something went wrong while showing it.");
    expect(notice.textContent).not.toContain("reading 'x'");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith(
      "a page failed to render",
      expect.any(TypeError),
      expect.anything(),
    );
  });

  it("says a newer version may have been published when the page's code could not be fetched", () => {
    render(app(new TypeError("Failed to fetch dynamically imported module: /assets/FactSheetPage-abc.js")));
    expect(screen.getByTestId("route-error").textContent).toContain("a newer version of Farm was published");
  });

  it("clears the error when the user goes to another page", () => {
    render(app(new Error("broken")));
    expect(screen.getByTestId("route-error")).toBeTruthy();
    act(() => navigate?.("/fine"));
    expect(screen.queryByTestId("route-error")).toBeNull();
    expect(screen.getByTestId("fine").textContent).toBe("fine");
  });

  it("speaks Indonesian on an Indonesian page", () => {
    localStorage.setItem("farm.language", "id");
    render(app(new Error("broken")));
    expect(screen.getByTestId("route-error").textContent).toContain("Halaman ini tidak dapat ditampilkan.");
  });
});

describe("isChunkLoadError", () => {
  it("recognises the browsers' messages for a module that could not be fetched, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module: /a.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError("dynamically imported module")).toBe(false);
  });
});
