import { describe, expect, it } from "vitest";
import { type BatchOutcome, BusyWallets, GroupCommit } from "./group-commit";

// Pure unit tests of what the watering batcher's tests do not cover: batchers sharing busy wallets, a hinted second
// wallet, and requests the statement sends to the next batch.

interface Move {
  wallet: string;
  other?: string;
}

function batcher(busy: BusyWallets, answer: (move: Move) => BatchOutcome<string> = () => ok) {
  const batches: Move[][] = [];
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let hold = false;
  const commit = new GroupCommit<Move, string, null>({
    busy,
    clock: async () => null,
    wallet: (move) => move.wallet,
    otherWallet: (move) => move.other ?? null,
    key: (move) => move.wallet,
    run: async (moves) => {
      batches.push([...moves]);
      if (hold) await held;
      return moves.map(answer);
    },
  });
  return {
    commit,
    batches,
    holdNext: () => {
      hold = true;
    },
    release: () => release?.(),
  };
}
const ok: BatchOutcome<string> = { kind: "done", response: "ok" };
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("GroupCommit", () => {
  it("keeps a wallet another batcher's running batch holds out of its batches, and runs it once freed", async () => {
    const busy = new BusyWallets();
    const water = batcher(busy);
    const help = batcher(busy);
    water.holdNext();
    const watered = water.commit.submit({ wallet: "0xA" });
    await tick();
    // A help by 0xB to 0xA's garden (the hint): it waits for the watering batch, though nothing else arrives.
    const helped = help.commit.submit({ wallet: "0xB", other: "0xa" });
    const other = help.commit.submit({ wallet: "0xC" });
    await tick();
    await tick();
    expect(help.batches).toEqual([[{ wallet: "0xC" }]]);
    water.release();
    await expect(watered).resolves.toBe("ok");
    await expect(helped).resolves.toBe("ok");
    await expect(other).resolves.toBe("ok");
    expect(help.batches[1]).toEqual([{ wallet: "0xB", other: "0xa" }]);
  });

  it("runs a request the statement deferred in the next batch, ahead of later ones", async () => {
    let deferred = false;
    const only = batcher(new BusyWallets(), (move) => {
      if (move.wallet === "0xB" && !deferred) {
        deferred = true;
        return { kind: "again" };
      }
      return ok;
    });
    const answers = await Promise.all(["0xA", "0xB"].map((wallet) => only.commit.submit({ wallet })));
    expect(answers).toEqual(["ok", "ok"]);
    expect(only.batches.map((batch) => batch.map((move) => move.wallet))).toEqual([["0xA", "0xB"], ["0xB"]]);
  });

  it("prepares once per wallet, runs the prepared requests again, and refuses a second prepare", async () => {
    const prepared: string[] = [];
    const needs = batcher(new BusyWallets(), (move) => ({
      kind: "prepare",
      prepare: async () => {
        prepared.push(move.wallet);
      },
    }));
    await expect(needs.commit.submit({ wallet: "0xA" })).rejects.toThrow("could not be created");
    expect(prepared).toEqual(["0xA"]);
    expect(needs.batches).toHaveLength(2);
  });
});
