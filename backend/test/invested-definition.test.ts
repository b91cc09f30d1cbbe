import { ONE_GOLD } from "@farm/core";
import { sql } from "drizzle-orm";
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/adapters/db/database";
import { ChainHookRegistry, type IndexedInvestment, type IndexedRefund } from "../src/chain/hooks/registry";
import { chainRefunds } from "../src/db/schema";
import { gameChainHooks } from "../src/services/game/hooks";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

const at = new Date("2026-11-20T10:00:00Z");
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;

/**
 * "Invested" is one figure: GOLD put into invoices by invest (or investWithPermit) less refunds. The profile figure
 * and the leaderboard's "GOLD invested" (the players row the game hooks keep) agree after a refund, a repeated refund
 * and a refund a reorg drops.
 */
describe.each(testBackends)("one definition of invested on $name", ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  it("takes a refund off the profile's and the leaderboard's invested, once, and back when a reorg drops it", async () => {
    const { address, cookie } = await signedInPlayer(t);
    const holder = address as Address;
    const crop = await seedCrop(t.app.db, { holder, shares: 600n * ONE_GOLD });
    const hooks = new ChainHookRegistry();
    hooks.register(gameChainHooks(() => at));
    const [seeded] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from chain_investments where investor = ${address}`,
    );
    const investment: IndexedInvestment = {
      id: seeded?.id ?? "",
      tokenId: BigInt(crop.cropId),
      investor: holder,
      amount: 600n * ONE_GOLD,
      blockNumber: 1,
      blockTime: at,
      txHash: hash(1),
    };
    await t.app.db.transaction((tx) => hooks.investmentsIndexed(tx, [investment]));
    const refund: IndexedRefund = {
      id: `${hash(2)}:0`,
      tokenId: BigInt(crop.cropId),
      holder,
      shares: 500n * ONE_GOLD,
      blockNumber: 2,
      blockTime: at,
      txHash: hash(2),
    };
    await t.app.db.insert(chainRefunds).values({
      id: refund.id,
      tokenId: refund.tokenId,
      holder,
      shares: refund.shares,
      blockNumber: 2,
      blockTime: at,
      txHash: refund.txHash,
    });
    // The crop sync and the indexer may both deliver the same refund.
    await t.app.db.transaction((tx) => hooks.refundsIndexed(tx, [refund]));
    await t.app.db.transaction((tx) => hooks.refundsIndexed(tx, [refund]));

    const figures = async () => {
      const profile = (
        await t.app.inject({ method: "GET", url: "/api/user/profile", headers: { cookie } })
      ).json();
      const board = (
        await t.app.inject({ method: "GET", url: "/api/leaderboard?by=invested", headers: { cookie } })
      ).json();
      return { profile: profile.stats?.invested, leaderboard: board.me?.score };
    };
    const hundred = (100n * ONE_GOLD).toString();
    expect(await figures()).toEqual({ profile: hundred, leaderboard: hundred });

    await t.app.db.transaction((tx) =>
      hooks.eventsDropped(tx, { investments: [], harvests: [], refunds: [refund] }),
    );
    const [player] = await queryRows<{ invested: string }>(
      t.app.db,
      sql`select invested::text from players where address = ${address}`,
    );
    expect(player?.invested).toBe((600n * ONE_GOLD).toString());
  });
});
