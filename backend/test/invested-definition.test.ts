import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ONE_GOLD } from "@farm/core";
import { sql } from "drizzle-orm";
import type { Address, Hash } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/adapters/db/connect";
import { queryRows } from "../src/adapters/db/database";
import { ChainHookRegistry, type IndexedInvestment, type IndexedRefund } from "../src/chain/hooks/registry";
import { chainRefunds } from "../src/db/schema";
import { gameChainHooks } from "../src/services/game/hooks";
import { forgetProfile } from "../src/services/profile/profile-cache";
import { seedCrop } from "./game-fixture";
import { signedInPlayer } from "./game-session";
import { startTestApp, type TestApp, testBackends } from "./helpers";

const at = new Date("2026-11-20T10:00:00Z");
let refunds = 0;
const hash = () => `0x${(++refunds).toString(16).padStart(64, "e")}` as Hash;

/**
 * "Invested" is one figure: GOLD put into invoices by invest (or investWithPermit) that no refund gave back. An
 * invoice's refund (it was cancelled: every share's principal goes back to whoever holds it) takes each investment in
 * it off the wallet that made it, once, whoever refunds. The profile figure and the leaderboard's "GOLD invested" (the
 * players row the game hooks keep) agree after refunds by the investor and by a wallet the shares were handed to,
 * repeated refunds, and refunds a reorg drops.
 */
describe.each(testBackends)("one definition of invested on $name", ({ kind }) => {
  let t: TestApp;
  const hooks = new ChainHookRegistry();
  hooks.register(gameChainHooks(() => at));
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(() => t.close());

  /** An invoice `holder` invested `gold` GOLD in, indexed and granted as the indexer does. */
  async function invest(holder: Address, gold: bigint): Promise<IndexedInvestment> {
    const crop = await seedCrop(t.app.db, { holder, shares: gold * ONE_GOLD });
    const [seeded] = await queryRows<{ id: string; tx_hash: Hash }>(
      t.app.db,
      sql`select id, tx_hash from chain_investments where token_id = ${crop.cropId}::numeric`,
    );
    const investment: IndexedInvestment = {
      id: seeded?.id ?? "",
      tokenId: crop.tokenId,
      investor: holder,
      amount: gold * ONE_GOLD,
      blockNumber: 1,
      blockTime: at,
      txHash: seeded?.tx_hash ?? hash(),
    };
    await t.app.db.transaction((tx) => hooks.investmentsIndexed(tx, [investment]));
    return investment;
  }
  /** `holder` refunds `gold` GOLD of shares: indexed, and delivered to the hooks twice (crop sync, then indexer). */
  async function refund(tokenId: bigint, holder: Address, gold: bigint): Promise<IndexedRefund> {
    const txHash = hash();
    const event: IndexedRefund = {
      id: `${txHash}:0`,
      tokenId,
      holder,
      shares: gold * ONE_GOLD,
      blockNumber: 2,
      blockTime: at,
      txHash,
    };
    await t.app.db.insert(chainRefunds).values({ ...event, blockNumber: 2 });
    for (let i = 0; i < 2; i++) await t.app.db.transaction((tx) => hooks.refundsIndexed(tx, [event]));
    return event;
  }
  /** A reorg drops the refund: the hooks take back, then its row goes (as the rollback does). */
  async function drop(event: IndexedRefund) {
    await t.app.db.transaction((tx) =>
      hooks.eventsDropped(tx, { investments: [], harvests: [], refunds: [event] }),
    );
    await t.app.db.execute(sql`delete from chain_refunds where id = ${event.id}`);
  }
  /** The wallet's invested GOLD as its profile and the invested board show it (their caches dropped first). */
  async function figures(wallet: { address: Address; cookie: string }) {
    await forgetProfile(t.app, wallet.address);
    await t.cache.delete(`leaderboard:invested:me:${wallet.address}`);
    const headers = { cookie: wallet.cookie };
    const profile = (await t.app.inject({ method: "GET", url: "/api/user/profile", headers })).json();
    const board = (
      await t.app.inject({ method: "GET", url: "/api/leaderboard?by=invested", headers })
    ).json();
    return { profile: profile.stats?.invested, leaderboard: board.me?.score ?? "unranked" };
  }
  const both = (gold: bigint) => ({
    profile: (gold * ONE_GOLD).toString(),
    leaderboard: (gold * ONE_GOLD).toString(),
  });

  it("takes a refunded invoice's investment off its investor once, and puts it back when a reorg drops every refund", async () => {
    const investor = await signedInPlayer(t);
    const cancelled = await invest(investor.address, 600n);
    await invest(investor.address, 50n);
    expect(await figures(investor)).toEqual(both(650n));
    // Two refunds of the cancelled invoice, each delivered twice: the investment comes off once.
    const first = await refund(cancelled.tokenId, investor.address, 500n);
    const second = await refund(cancelled.tokenId, investor.address, 100n);
    expect(await figures(investor)).toEqual(both(50n));
    // One refund left, the invoice is still refunded; none left, the investment counts again.
    await drop(first);
    expect(await figures(investor)).toEqual(both(50n));
    await drop(second);
    expect(await figures(investor)).toEqual(both(650n));
  });

  it("takes it off the investor, not the wallet it handed the shares to, when that wallet refunds", async () => {
    const investor = await signedInPlayer(t);
    const friend = await signedInPlayer(t);
    const cancelled = await invest(investor.address, 600n);
    await invest(investor.address, 50n);
    await invest(friend.address, 20n);
    // The shares moved to the friend before the cancellation; the friend refunds them all.
    const refunded = await refund(cancelled.tokenId, friend.address, 600n);
    expect(await figures(investor)).toEqual(both(50n));
    expect(await figures(friend)).toEqual(both(20n));
    await drop(refunded);
    expect(await figures(investor)).toEqual(both(650n));
    expect(await figures(friend)).toEqual(both(20n));
  });

  it("migration 0030 recomputes the scores refunds took off the refunding holder before, and a replay changes nothing", async () => {
    const investor = await signedInPlayer(t);
    const friend = await signedInPlayer(t);
    const cancelled = await invest(investor.address, 600n);
    await invest(investor.address, 50n);
    await invest(friend.address, 20n);
    // As the previous release left it: the friend's refund came off the friend's score (20 - 600, never below 0).
    const txHash = hash();
    const old = {
      id: `${txHash}:0`,
      tokenId: cancelled.tokenId,
      holder: friend.address,
      shares: 600n * ONE_GOLD,
    };
    await t.app.db.insert(chainRefunds).values({ ...old, blockNumber: 2, blockTime: at, txHash });
    await t.app.db.execute(sql`insert into xp_grants (event_key, address, xp, granted_at)
      values (${`refund:${old.id}`}, ${friend.address}, 0, now())`);
    await t.app.db.execute(sql`update players set invested = 0 where address = ${friend.address}`);

    const migration = await readFile(join(migrationsFolder, "0030_invested_by_investors.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      await t.app.db.execute(sql.raw(statement));
    expect(await figures(investor)).toEqual(both(50n));
    expect(await figures(friend)).toEqual(both(20n));
    await t.app.db.transaction((tx) =>
      hooks.refundsIndexed(tx, [{ ...old, blockNumber: 2, blockTime: at, txHash }]),
    );
    expect(await figures(investor)).toEqual(both(50n));
  });
});
