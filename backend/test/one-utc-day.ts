import { nextUtcMidnight } from "@farm/core";
import { afterAll, beforeAll, vi } from "vitest";

/** Longer than a file of route tests takes on a loaded CI machine. */
const MARGIN_MS = 10 * 60_000;

/**
 * Keeps a file's tests inside one UTC day, for tests that count something per UTC day through the routes (which read
 * the server's clock): a run that crossed 00:00 UTC between the day's last allowed request and the refused one was
 * allowed it afresh. This process's `Date` (only: timers stay real) runs with real time from the real instant, or,
 * within 10 minutes of 00:00 UTC, from just after it, so the day cannot end during the file.
 */
export function withinOneUtcDay(): void {
  beforeAll(() => {
    const now = Date.now();
    const midnight = nextUtcMidnight(new Date(now)).getTime();
    vi.useFakeTimers({
      toFake: ["Date"],
      shouldAdvanceTime: true,
      now: midnight - now < MARGIN_MS ? midnight + 1000 : now,
    });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
