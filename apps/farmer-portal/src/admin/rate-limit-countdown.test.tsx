import { ApiError } from "@farm/ui";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithWallet } from "../test-support/render-with-wallet";
import { DecisionOutcome } from "./DecisionOutcome";
import { KycQueue } from "./KycQueue";
import type { useInvoiceDecision } from "./use-invoice-decision";

beforeEach(() => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rateLimited = () =>
  new ApiError(429, "RATE_LIMITED", "Too many requests; try again in 3 s", undefined, undefined, 3);

describe("an admin screen's 429 counts its wait down", () => {
  it("in a decision whose recording was rate limited", () => {
    const decision = {
      decide: () => Promise.resolve(),
      retry: () => undefined,
      dismiss: () => undefined,
      unrecorded: {
        action: "default",
        txHash: `0x${"1".repeat(64)}`,
        reason: "Not repaid after grace",
        done: "",
        error: rateLimited(),
        needsReason: false,
      },
      state: { status: "idle" },
      busy: false,
    } as ReturnType<typeof useInvoiceDecision>;
    renderWithWallet(<DecisionOutcome id="7" decision={decision} />);
    const text = () => screen.getByTestId("unrecorded-7").textContent ?? "";
    expect(text()).toContain("Try again in 3 seconds.");
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toContain("Try again in 2 seconds.");
    act(() => vi.advanceTimersByTime(2000));
    expect(text()).toContain("You can try again now.");
  });

  it("in the KYC queue when its read is rate limited", async () => {
    // The API's 429 as the browser receives it: the body in the project's error format and a Retry-After header.
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many requests" } }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "3" },
        }),
      ),
    );
    renderWithWallet(<KycQueue />);
    const notice = await vi.waitFor(() => {
      const found = screen.getByText(/Try again in 3 seconds\./);
      return found;
    });
    expect(notice).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(/Try again in 2 seconds\./)).toBeTruthy();
  });
});
