import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, toastsShownAtOnce, useToast } from "./Toasts";

function Announcer({ messages }: { messages: string[] }) {
  const toast = useToast();
  useEffect(() => {
    for (const message of messages) toast(message);
  }, [messages, toast]);
  return null;
}

const shown = () => screen.queryAllByTestId("toast").map((toast) => toast.textContent);

describe("ToastProvider", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows a child's toast from its first effect, and takes it away after its time", () => {
    render(
      <ToastProvider durationMs={4000}>
        <Announcer messages={["+50 XP"]} />
      </ToastProvider>,
    );
    expect(shown()).toEqual(["+50 XP"]);
    act(() => vi.advanceTimersByTime(3999));
    expect(shown()).toEqual(["+50 XP"]);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it("lets later toasts wait their turn, so none is pushed off before its time", () => {
    const messages = ["+50 XP", "Quest done", "Achievement: A", "Achievement: B", "Achievement: C"];
    render(
      <ToastProvider durationMs={4000}>
        <Announcer messages={messages} />
      </ToastProvider>,
    );
    expect(toastsShownAtOnce).toBe(3);
    expect(shown()).toEqual(messages.slice(0, 3));
    act(() => vi.advanceTimersByTime(3999));
    expect(shown()).toEqual(messages.slice(0, 3));
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual(messages.slice(3));
    act(() => vi.advanceTimersByTime(4000));
    expect(shown()).toEqual([]);
  });
});
