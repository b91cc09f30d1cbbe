/** XP and the invested / yield scores granted for chain events, once each, and taken back when a reorg drops them. */
import {
  harvestXp,
  levelSql,
  newPlayer,
  type PlantingXpState,
  seasonIdSql,
  takeBackSeasonXpSql,
  takeBackXpSql,
  XP_PER_PLANTING,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import type { IndexedHarvest, IndexedInvestment, IndexedRefund } from "../../chain/hooks/registry";
import { appendRows } from "../../chain/indexer/bulk";
import { xpGrants } from "../../db/schema/game";

export interface ChainGrant {
  /** "<reason>:<event id>": the xp_grants key that makes the grant happen once. */
  eventKey: string;
  address: string;
  xp: number;
  invested: bigint;
  yieldEarned: bigint;
  /** When the event happened on chain: the moment the invested/yield score was reached. */
  happenedAt: Date;
}

/**
 * Locks the grantees' players rows (creating missing ones with a full tank) in address order and reads, under that
 * lock, their planting XP counters and which of `keys` were granted already. Every grant path takes these locks
 * first, so the keys found new stay new until the caller commits (a concurrent grant of one waits for the lock).
 */
export async function lockGrantees(
  db: Executor,
  addresses: readonly string[],
  keys: readonly string[],
  now: Date,
): Promise<{ plantXp: Map<string, PlantingXpState>; granted: Set<string> }> {
  const fresh = newPlayer(now);
  const sorted = JSON.stringify([...new Set(addresses)].sort());
  // Missing rows first, then every row locked in address order: a SELECT ... FOR UPDATE writes no new row version
  // (an upsert that "updated" each row to lock it rewrote thousands of players rows and their indexes per backfill
  // transaction).
  await db.execute(
    sql`insert into players (address, water, water_day)
      select value, ${fresh.water}::int, ${fresh.waterDay}::int from json_array_elements_text(${sorted}::json)
      order by value
      on conflict (address) do nothing`,
  );
  const players = await queryRows<{ address: string; plant_xp_day: number; plant_xp_count: number }>(
    db,
    sql`select address, plant_xp_day, plant_xp_count from players
      where address in (select json_array_elements_text(${sorted}::json))
      order by address
      for update`,
  );
  const granted = await queryRows<{ event_key: string }>(
    db,
    sql`select event_key from xp_grants
      where event_key in (select json_array_elements_text(${JSON.stringify(keys)}::json))`,
  );
  return {
    plantXp: new Map(
      players.map((row) => [row.address, { day: row.plant_xp_day, count: row.plant_xp_count }]),
    ),
    granted: new Set(granted.map((row) => row.event_key)),
  };
}

/**
 * Grants XP (and adds to the invested / yield scores) for chain events, each exactly once: the grantees are locked and
 * the keys granted before left out (lockGrantees), then the rest are appended (appendGrants). Runs inside the
 * caller's transaction, so the grants commit with the events. Returns the number of players credited.
 */
export async function grantForChainEvents(
  db: Executor,
  grants: readonly ChainGrant[],
  now: Date,
): Promise<number> {
  if (grants.length === 0) return 0;
  const keys = grants.map((grant) => grant.eventKey);
  const { granted } = await lockGrantees(
    db,
    grants.map((grant) => grant.address),
    keys,
    now,
  );
  const fresh = new Map<string, ChainGrant>();
  for (const grant of grants) if (!granted.has(grant.eventKey)) fresh.set(grant.eventKey, grant);
  return appendGrants(db, [...fresh.values()], now);
}

/** What one player is credited for its new grants. */
interface Credit {
  xp: number;
  invested: bigint;
  yieldEarned: bigint;
  investedAt: Date | null;
  yieldAt: Date | null;
  firstAt: Date;
}

const later = (a: Date | null, b: Date) => (a === null || b > a ? b : a);

/**
 * Appends grants the caller found new under the grantees' locks (lockGrantees; distinct keys) and credits each player
 * the sum of its grants in ONE statement: XP and level, the invested / yield scores and the moments they were reached,
 * and every level the XP passes. The xp_grants rows are appended (COPY on node-postgres: a backfill grants thousands
 * at once) without ON CONFLICT, so a key granted after all fails the transaction instead of being credited twice.
 */
export async function appendGrants(db: Executor, grants: readonly ChainGrant[], now: Date): Promise<number> {
  if (grants.length === 0) return 0;
  const nowText = now.toISOString();
  await appendRows(db, xpGrants, grants, (grant) => ({
    eventKey: grant.eventKey,
    address: grant.address,
    xp: grant.xp,
    grantedAt: now,
  }));
  const credits = new Map<string, Credit>();
  for (const grant of grants) {
    const credit = credits.get(grant.address) ?? {
      xp: 0,
      invested: 0n,
      yieldEarned: 0n,
      investedAt: null,
      yieldAt: null,
      firstAt: grant.happenedAt,
    };
    credit.xp += grant.xp;
    credit.invested += grant.invested;
    credit.yieldEarned += grant.yieldEarned;
    if (grant.invested > 0n) credit.investedAt = later(credit.investedAt, grant.happenedAt);
    if (grant.yieldEarned > 0n) credit.yieldAt = later(credit.yieldAt, grant.happenedAt);
    if (grant.happenedAt < credit.firstAt) credit.firstAt = grant.happenedAt;
    credits.set(grant.address, credit);
  }
  const input = JSON.stringify(
    [...credits].map(([address, credit]) => ({
      address,
      xp: credit.xp,
      invested: credit.invested.toString(),
      yield_earned: credit.yieldEarned.toString(),
      invested_at: (credit.investedAt ?? credit.firstAt).toISOString(),
      yield_at: (credit.yieldAt ?? credit.firstAt).toISOString(),
    })),
  );
  const fresh = newPlayer(now);
  const rows = await queryRows<{ address: string }>(
    db,
    sql`
      with credit as (
        select * from json_to_recordset(${input}::json)
          as c(address text, xp int, invested numeric, yield_earned numeric, invested_at timestamptz,
               yield_at timestamptz)
      ), player as (
        insert into players (address, xp, level, water, water_day, xp_reached_at,
                             invested, invested_reached_at, yield_earned, yield_reached_at)
        select address, xp, ${levelSql(sql, sql`xp`)}, ${fresh.water}::int, ${fresh.waterDay}::int, ${nowText}::timestamptz,
               invested, invested_at, yield_earned, yield_at
        from credit
        order by address
        on conflict (address) do update set
          xp = players.xp + excluded.xp,
          level = ${levelSql(sql, sql`players.xp + excluded.xp`)},
          xp_reached_at = excluded.xp_reached_at,
          invested = players.invested + excluded.invested,
          invested_reached_at = case when excluded.invested > 0
            then excluded.invested_reached_at else players.invested_reached_at end,
          yield_earned = players.yield_earned + excluded.yield_earned,
          yield_reached_at = case when excluded.yield_earned > 0
            then excluded.yield_reached_at else players.yield_reached_at end,
          updated_at = excluded.xp_reached_at
        returning address, xp, level
      ), level_up as (
        insert into level_ups (address, level, reached_at)
        select player.address, reached, ${nowText}::timestamptz
        from player join credit on credit.address = player.address,
          generate_series(${levelSql(sql, sql`player.xp - credit.xp`)} + 1, player.level) as reached
      )
      select address from player`,
  );
  return rows.length;
}

export function plantingGrant(investment: IndexedInvestment): ChainGrant {
  return {
    eventKey: `plant:${investment.id}`,
    address: investment.investor,
    xp: XP_PER_PLANTING,
    invested: investment.amount,
    yieldEarned: 0n,
    happenedAt: investment.blockTime,
  };
}

/** A harvest's grant: its yield, and harvest XP only for a harvest of the planting minimum or more (core harvestXp). */
export function harvestGrant(harvest: IndexedHarvest): ChainGrant {
  return {
    eventKey: `harvest:${harvest.id}`,
    address: harvest.holder,
    xp: harvestXp(harvest.shares),
    invested: 0n,
    yieldEarned: harvest.yield,
    happenedAt: harvest.blockTime,
  };
}

/** The xp_grants key that takes one investment off its investor's invested score, once, when its invoice refunds (the
 *  statement below writes it as 'refunded:' || id). */
const refundedKey = (investmentId: string) => `refunded:${investmentId}`;

/**
 * "Invested" is GOLD put into invoices by invest (or its permit form) that has not come back by refund. A refund means
 * the invoice was cancelled or withdrawn and every share's principal goes back to whoever holds it, so the invoice's
 * first refund indexed takes each of its investments off the wallet that MADE it (`chain_investments`), once (its
 * `refunded:<investment id>` key), whoever refunds: shares move freely between wallets, and a refund by the wallet
 * they were handed to left the investor's score up, again and again. Never below 0. One statement; an indexer replay,
 * or the crop sync and the indexer delivering one refund, takes nothing twice. Returns the players it changed.
 */
export async function takeBackRefundedInvestment(
  db: Executor,
  refunds: readonly IndexedRefund[],
  now: Date,
): Promise<string[]> {
  if (refunds.length === 0) return [];
  const tokens = JSON.stringify([...new Set(refunds.map((refund) => refund.tokenId.toString()))]);
  const nowText = now.toISOString();
  const rows = await queryRows<{ address: string }>(
    db,
    sql`
    with investment as (
      select id, investor, amount from chain_investments
      where token_id in (select json_array_elements_text(${tokens}::json)::numeric)
    ), granted as (
      insert into xp_grants (event_key, address, xp, granted_at)
      select 'refunded:' || id, investor, 0, ${nowText}::timestamptz from investment order by 1
      on conflict (event_key) do nothing
      returning event_key
    ), taken as (
      select i.investor as address, sum(i.amount) as refunded
      from granted g join investment i on g.event_key = 'refunded:' || i.id
      group by i.investor
    )
    update players set invested = greatest(players.invested - taken.refunded, 0), updated_at = ${nowText}::timestamptz
    from taken where players.address = taken.address
    returning players.address`,
  );
  return rows.map((row) => row.address);
}

/**
 * What a reorg's dropped events take back of the refunds' effect on "invested", as grants for takeBackChainGrants
 * (a negative invested amount puts it back): the refund key of each dropped investment (its planting grant takes the
 * amount off again), and of every investment of an invoice none of whose refunds remain. Read before the rows go.
 */
export async function droppedRefundGrants(
  db: Executor,
  dropped: { investments: readonly IndexedInvestment[]; refunds: readonly IndexedRefund[] },
): Promise<ChainGrant[]> {
  const grants = new Map<string, ChainGrant>();
  const add = (id: string, investor: string, amount: bigint, happenedAt: Date) =>
    grants.set(refundedKey(id), {
      eventKey: refundedKey(id),
      address: investor,
      xp: 0,
      invested: -amount,
      yieldEarned: 0n,
      happenedAt,
    });
  for (const investment of dropped.investments)
    add(investment.id, investment.investor, investment.amount, investment.blockTime);
  if (dropped.refunds.length > 0) {
    const tokens = JSON.stringify([...new Set(dropped.refunds.map((refund) => refund.tokenId.toString()))]);
    const ids = JSON.stringify(dropped.refunds.map((refund) => refund.id));
    const rows = await queryRows<{ id: string; investor: string; amount: string; block_time: Date | string }>(
      db,
      sql`select i.id, i.investor, i.amount::text, i.block_time from chain_investments i
        where i.token_id in (select json_array_elements_text(${tokens}::json)::numeric)
          and not exists (select 1 from chain_refunds r where r.token_id = i.token_id
                          and r.id not in (select json_array_elements_text(${ids}::json)))`,
    );
    for (const row of rows) add(row.id, row.investor, BigInt(row.amount), new Date(row.block_time));
  }
  return [...grants.values()];
}

/**
 * Takes back grants of chain events that are gone (a reorg dropped them): each xp_grants row found goes, and its XP and
 * invested / yield scores come off its player, whose level follows the XP; level_ups above the new level go too (the
 * XP that reached them is void). A grant not found (never made, or already taken back) changes nothing. Runs inside
 * the caller's transaction, so the undo commits with the rollback.
 */
export async function takeBackChainGrants(
  db: Executor,
  grants: readonly ChainGrant[],
  now: Date,
): Promise<void> {
  if (grants.length === 0) return;
  const amounts = JSON.stringify(
    grants.map((grant) => ({
      event_key: grant.eventKey,
      invested: grant.invested.toString(),
      yield_earned: grant.yieldEarned.toString(),
    })),
  );
  const seasonBack = takeBackSeasonXpSql(sql, sql`taken_by_season`);
  await db.execute(sql`
    with taken_grants as (
      delete from xp_grants
      using json_to_recordset(${amounts}::json) as a(event_key text, invested numeric, yield_earned numeric)
      where xp_grants.event_key = a.event_key
      returning xp_grants.address, xp_grants.xp, xp_grants.granted_at, a.invested, a.yield_earned
    ), taken_by_season as (
      select address, ${seasonIdSql(sql, sql`granted_at`)} as season, sum(xp)::int as xp from taken_grants group by 1, 2
    ), season_back as (
      -- The XP leaves the season it was counted in (the week of the grant): archived, or still on the player's row.
      ${seasonBack.archived}
    ), taken as (
      select address, sum(xp)::int as xp, sum(invested) as invested, sum(yield_earned) as yield_earned
      from taken_grants group by address
    ), player as (
      update players set
        ${takeBackXpSql(sql, sql`taken.xp`)},
        invested = greatest(players.invested - taken.invested, 0),
        yield_earned = greatest(players.yield_earned - taken.yield_earned, 0),
        ${seasonBack.held},
        updated_at = ${now.toISOString()}::timestamptz
      from taken
      where players.address = taken.address
      returning players.address, players.level
    )
    delete from level_ups using player where level_ups.address = player.address and level_ups.level > player.level`);
}
