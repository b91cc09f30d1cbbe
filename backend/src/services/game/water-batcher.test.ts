import type { WaterResponse } from "@farm/core";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import type { WateringOutcome, WateringRequest } from "./water";
import { type BatchRunner, WateringBatcher } from "./water-batcher";

// Pure unit tests of the grouping rules with a scripted runner; the statement itself is tested against PGlite and
// PostgreSQL in backend/test/game-water.test.ts and game-concurrency.test.ts.

const clock = async () => ({ chainNow: new Date(0), wallNow: new Date(0) });
const watered = (xp: number): WateringOutcome => ({
  kind: "watered",
  response: {
    xpGained: 5,
    waterRemaining: 90,
    xp,
    level: 1,
    leveledUp: false,
    streak: 1,
    achievementsUnlocked: [],
    questsCompleted: [],
    choresCompleted: [],
  },
});

interface Script {
  batches: WateringRequest[][];
  runner: BatchRunner;
  release(): void;
}

/** Records every batch; with `hold`, each batch waits until release() so tests can pile requests up behind it. */
function scriptedRunner(
  answer: (request: WateringRequest) => WateringOutcome = () => watered(5),
  hold = false,
): Script {
  const batches: WateringRequest[][] = [];
  let waiting: (() => void)[] = [];
  return {
    batches,
    runner: async (requests) => {
      batches.push([...requests]);
      if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
      return requests.map(answer);
    },
    release() {
      const now = waiting;
      waiting = [];
      for (const resolve of now) resolve();
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
/** A few event-loop turns: enough for finished batches to release their wallets and the next batch to start. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await tick();
};
const batcherWith = (
  run: BatchRunner,
  extra: Partial<ConstructorParameters<typeof WateringBatcher>[0]> = {},
) => new WateringBatcher({ run, clock, ensurePlayer: async () => {}, ...extra });

describe("WateringBatcher", () => {
  it("sends the requests of one event-loop turn as one batch, in arrival order", async () => {
    const script = scriptedRunner();
    const batcher = batcherWith(script.runner);
    const answers = await Promise.all([
      batcher.water("0xa", 1n),
      batcher.water("0xb", 2n),
      batcher.water("0xa", 3n),
    ]);
    expect(script.batches).toEqual([
      [
        { address: "0xa", tokenId: 1n },
        { address: "0xb", tokenId: 2n },
        { address: "0xa", tokenId: 3n },
      ],
    ]);
    expect(answers).toHaveLength(3);
  });

  it("keeps the same crop out of a batch it is already in and runs it after that batch", async () => {
    const script = scriptedRunner();
    const batcher = batcherWith(script.runner);
    await Promise.all([batcher.water("0xa", 1n), batcher.water("0xa", 1n), batcher.water("0xa", 1n)]);
    expect(script.batches.map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it("holds a wallet's requests while a batch with that wallet runs, and lets other wallets through", async () => {
    const script = scriptedRunner(undefined, true);
    const batcher = batcherWith(script.runner, { maxInFlight: 4, parallelAt: 1 });
    const first = batcher.water("0xa", 1n);
    await settle();
    const second = batcher.water("0xa", 2n);
    const other = batcher.water("0xb", 3n);
    await settle();
    expect(script.batches).toEqual([[{ address: "0xa", tokenId: 1n }], [{ address: "0xb", tokenId: 3n }]]);
    expect(batcher.waiting).toBe(1);
    script.release();
    await Promise.all([first, other]);
    await settle();
    expect(script.batches[2]).toEqual([{ address: "0xa", tokenId: 2n }]);
    script.release();
    await second;
  });

  it("runs at most maxInFlight batches and gathers what arrives meanwhile into the next one", async () => {
    const script = scriptedRunner(undefined, true);
    const batcher = batcherWith(script.runner, { maxInFlight: 1 });
    const first = batcher.water("0xa", 1n);
    await settle();
    const later = [batcher.water("0xb", 2n), batcher.water("0xc", 3n), batcher.water("0xd", 4n)];
    await settle();
    expect(script.batches).toHaveLength(1);
    script.release();
    await first;
    await settle();
    expect(script.batches[1]?.map((request) => request.address)).toEqual(["0xb", "0xc", "0xd"]);
    script.release();
    await Promise.all(later);
  });

  it("gathers requests behind a running batch until a full batch waits, then runs one beside it", async () => {
    const script = scriptedRunner(undefined, true);
    const batcher = batcherWith(script.runner, { maxInFlight: 4, maxBatch: 3 });
    const first = batcher.water("0xa", 1n);
    await settle();
    const gathered = [batcher.water("0xb", 2n), batcher.water("0xc", 3n)];
    await settle();
    expect(script.batches).toHaveLength(1);
    expect(batcher.waiting).toBe(2);
    const full = batcher.water("0xd", 4n);
    await settle();
    expect(script.batches).toHaveLength(2);
    expect(script.batches[1]?.map((request) => request.address)).toEqual(["0xb", "0xc", "0xd"]);
    script.release();
    script.release();
    await Promise.all([first, ...gathered, full]);
  });

  it("caps a batch at maxBatch requests", async () => {
    const script = scriptedRunner();
    const batcher = batcherWith(script.runner, { maxBatch: 2 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => batcher.water(`0x${i}`, BigInt(i))));
    expect(script.batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it("answers each request with its own outcome: success or the refusal", async () => {
    const refusal = new AppError(409, "ALREADY_WATERED_TODAY", "already watered");
    const script = scriptedRunner((request) =>
      request.tokenId === 2n ? { kind: "refused", error: refusal } : watered(Number(request.tokenId)),
    );
    const batcher = batcherWith(script.runner);
    const [one, two] = await Promise.allSettled([batcher.water("0xa", 1n), batcher.water("0xb", 2n)]);
    expect(one).toEqual({
      status: "fulfilled",
      value: expect.objectContaining<Partial<WaterResponse>>({ xp: 1 }),
    });
    expect(two).toEqual({ status: "rejected", reason: refusal });
  });

  it("creates a new wallet's player row once and runs its requests again", async () => {
    const created: string[] = [];
    let known = false;
    const script = scriptedRunner(() => (known ? watered(5) : { kind: "newPlayer" }));
    const batcher = batcherWith(script.runner, {
      ensurePlayer: async (address) => {
        created.push(address);
        known = true;
      },
    });
    const answers = await Promise.all([batcher.water("0xa", 1n), batcher.water("0xa", 2n)]);
    expect(created).toEqual(["0xa"]);
    expect(script.batches.map((batch) => batch.length)).toEqual([2, 2]);
    expect(answers.map((answer) => answer.xp)).toEqual([5, 5]);
  });

  it("gives up on a wallet whose player row still does not exist after creating it", async () => {
    const batcher = batcherWith(scriptedRunner(() => ({ kind: "newPlayer" })).runner);
    await expect(batcher.water("0xa", 1n)).rejects.toThrow("could not be created");
  });

  it("runs a batch again when PostgreSQL aborted it to break a deadlock, and rejects every request on other errors", async () => {
    let calls = 0;
    const deadlocked = batcherWith(async (requests) => {
      calls++;
      if (calls === 1) throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
      return requests.map(() => watered(5));
    });
    await expect(deadlocked.water("0xa", 1n)).resolves.toMatchObject({ xp: 5 });
    expect(calls).toBe(2);

    const down = batcherWith(async () => {
      throw new Error("connection refused");
    });
    const results = await Promise.allSettled([down.water("0xa", 1n), down.water("0xb", 2n)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    // The batcher is free again afterwards.
    expect(down.waiting).toBe(0);
  });
});
