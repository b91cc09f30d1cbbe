import { describe, expect, it } from "vitest";
import { pollScopedClock } from "./hooks";

/** A chain clock that counts how often it is asked, answering a later moment each time. */
function countingClock(fail = false) {
  let asked = 0;
  return {
    asked: () => asked,
    chainNow: async () => {
      asked += 1;
      if (fail) throw new Error("node away");
      return new Date(Date.UTC(2026, 0, 1) + asked * 1000);
    },
  };
}

describe("the notifications' chain clock", () => {
  it("is asked at most once per indexer poll, only when needed, and at every call outside a poll", async () => {
    const node = countingClock();
    const clock = pollScopedClock(node.chainNow);
    await clock.now();
    await clock.now();
    expect(node.asked()).toBe(2);

    // A poll with nothing to notify asks nothing.
    clock.pollStarted();
    clock.pollEnded();
    expect(node.asked()).toBe(2);

    clock.pollStarted();
    const first = await clock.now();
    expect(await clock.now()).toEqual(first);
    expect(node.asked()).toBe(3);

    clock.pollEnded();
    expect(await clock.now()).not.toEqual(first);
    expect(node.asked()).toBe(4);
  });

  it("answers null during a poll whose clock the node could not give", async () => {
    const node = countingClock(true);
    const clock = pollScopedClock(node.chainNow);
    clock.pollStarted();
    expect(await clock.now()).toBeNull();
    clock.pollEnded();
  });
});
