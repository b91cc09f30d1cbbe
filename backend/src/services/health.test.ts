import { describe, expect, it } from "vitest";
import { checkHealth, type HealthDeps } from "./health";

// A pure unit test of the probes' sharing: fake dependencies that count their pings and answer when told.

function fakeDeps() {
  const pings = { db: 0, cache: 0, storage: 0, chain: 0 };
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ping = (name: keyof typeof pings) => async () => {
    pings[name]++;
    await gate;
  };
  const deps = {
    db: { execute: ping("db") },
    cache: { ping: ping("cache") },
    storage: { ping: ping("storage") },
    chain: {
      publicClient: {
        getBlockNumber: async () => {
          await ping("chain")();
          return 7n;
        },
      },
      indexer: null,
    },
    config: { chainId: 31337 },
  } as unknown as HealthDeps;
  return { deps, pings, release: () => release() };
}

describe("checkHealth", () => {
  it("gives the probes that arrive while a check runs its answer, and pings afresh once it is done", async () => {
    const { deps, pings, release } = fakeDeps();
    const probes = Array.from({ length: 50 }, () => checkHealth(deps));
    release();
    const answers = await Promise.all(probes);
    expect(pings).toEqual({ db: 1, cache: 1, storage: 1, chain: 1 });
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: "ok", db: "up", chain: { head: 7, indexed: null } });
    await checkHealth(deps);
    expect(pings).toEqual({ db: 2, cache: 2, storage: 2, chain: 2 });
  });

  it("keeps each app's check its own", async () => {
    const [first, second] = [fakeDeps(), fakeDeps()];
    first.release();
    second.release();
    await Promise.all([checkHealth(first.deps), checkHealth(second.deps)]);
    expect([first.pings.db, second.pings.db]).toEqual([1, 1]);
  });
});
