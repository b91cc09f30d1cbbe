import { describe, expect, it } from "vitest";
import { type BatchOutcome, batchesInFlightFor, GroupCommit } from "./group-commit";

// Pure unit tests of what the watering batcher's tests do not cover: requests the statement sends to the next batch
// (a help meeting a wallet an earlier help of its batch holds) and the prepare step's once-per-wallet rule.

interface Move {
  wallet: string;
}

function batcher(answer: (move: Move) => BatchOutcome<string>) {
  const batches: Move[][] = [];
  const commit = new GroupCommit<Move, string, null>({
    clock: async () => null,
    wallet: (move) => move.wallet,
    key: (move) => move.wallet,
    run: async (moves) => {
      batches.push([...moves]);
      return moves.map(answer);
    },
  });
  return { commit, batches };
}
const ok: BatchOutcome<string> = { kind: "done", response: "ok" };

describe("GroupCommit", () => {
  it("runs a request the statement deferred in the next batch, ahead of later ones", async () => {
    let deferred = false;
    const only = batcher((move) => {
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
    const needs = batcher((move) => ({
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

describe("batches in flight for a database pool", () => {
  it("takes two fifths of the pool (8 of the default 20), at least one", () => {
    expect([1, 2, 5, 20, 50].map(batchesInFlightFor)).toEqual([1, 1, 2, 8, 20]);
  });
});
