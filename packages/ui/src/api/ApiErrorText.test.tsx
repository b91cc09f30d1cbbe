import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../i18n/I18nProvider";
import { ApiErrorText } from "./ApiErrorText";
import { ApiError } from "./api-error";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem("farm.language", "en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("a rate-limited answer", () => {
  it("counts the Retry-After seconds down, then says it may be tried again", () => {
    const error = new ApiError(429, "RATE_LIMITED", "slow down", undefined, undefined, 3);
    render(
      <I18nProvider dictionaries={{ en: {}, id: {} }}>
        <p data-testid="message">
          <ApiErrorText error={error} />
        </p>
      </I18nProvider>,
    );
    const text = () => screen.getByTestId("message").textContent;
    expect(text()).toBe("Too many attempts. Try again in 3 seconds.");
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toBe("Too many attempts. Try again in 2 seconds.");
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toBe("Too many attempts. Try again in 1 second.");
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toBe("You can try again now.");
  });
});
