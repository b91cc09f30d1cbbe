import {
  addSeasonXpSql,
  archiveSeasonSql,
  type CommodityArt,
  commodityOf,
  holdingEarnsXp,
  levelSql,
  type PlantingXpState,
  plantingXp,
  progressBoardsSql,
  seasonOf,
  storeBoardsSql,
  unlockAchievementsSql,
  utcDay,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import type { ChainHooks, IndexedHarvest, IndexedInvestment } from "../../chain/hooks/registry";

import {
  appendGrants,
  type ChainGrant,
  droppedRefundGrants,
  harvestGrant,
  lockGrantees,
  plantingGrant,
  takeBackChainGrants,
  takeBackRefundedInvestment,
} from "./grants";

export { grantForChainEvents, harvestGrant, plantingGrant, takeBackChainGrants } from "./grants";

/** A chain event as the game's daily progress sees it: who, what, the XP it earned, and for plantings the commodity. */
interface ProgressEvent {
  address: string;
  kind: "plant" | "harvest";
  xp: number;
  commodity: CommodityArt | null;
}

/** The invoices' descriptions (their commodity), by token id. */
async function descriptionsOf(db: Executor, tokenIds: readonly bigint[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ token_id: string; description: string }>(
    db,
    sql`select token_id::text, description from invoices
      where token_id in (select json_array_elements_text(${JSON.stringify([...new Set(tokenIds)].map(String))}::json)::numeric)`,
  );
  return new Map(rows.map((row) => [row.token_id, row.description]));
}

/**
 * Moves the players' daily progress for fresh chain events in ONE statement: counters (plantings, harvests, distinct
 * commodities, the planting XP cap), today's quests, the season's XP and the achievements they reach.
 */
async function recordProgress(
  db: Executor,
  events: readonly ProgressEvent[],
  plantXp: ReadonlyMap<string, PlantingXpState>,
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  const byAddress = new Map<
    string,
    { plant: number; harvest: number; xp: number; commodities: Set<string> }
  >();
  for (const event of events) {
    const row = byAddress.get(event.address) ?? {
      plant: 0,
      harvest: 0,
      xp: 0,
      commodities: new Set<string>(),
    };
    row[event.kind] += 1;
    row.xp += event.xp;
    if (event.commodity && event.commodity !== "generic") row.commodities.add(event.commodity);
    byAddress.set(event.address, row);
  }
  const counts = JSON.stringify(
    [...byAddress].map(([address, row]) => ({
      address,
      plant_n: row.plant,
      harvest_n: row.harvest,
      xp_gain: row.xp,
      plant_xp_day: plantXp.get(address)?.day ?? null,
      plant_xp_count: plantXp.get(address)?.count ?? null,
    })),
  );
  const commodities = JSON.stringify(
    [...byAddress].flatMap(([address, row]) =>
      [...row.commodities].map((commodity) => ({ address, commodity })),
    ),
  );
  const day = utcDay(now);
  const nowText = now.toISOString();
  const season = seasonOf(now).id;
  await db.execute(sql`
    with counts as (
      select c.*, 0 as water_n from json_to_recordset(${counts}::json)
        as c(address text, plant_n int, harvest_n int, xp_gain int, plant_xp_day int, plant_xp_count int)
    ), old as (
      select address, season, season_xp, season_reached_at, quest_day, quest_ids, quest_progress, quest_xp,
        chore_week, chore_ids, chore_progress, chore_xp from players
      where address in (select address from counts)
    ), season_archive as (
      ${archiveSeasonSql(sql, sql`old`, season)}
    ), new_commodity as (
      insert into player_commodities (address, commodity)
      select address, commodity from json_to_recordset(${commodities}::json) as x(address text, commodity text)
      order by 1, 2
      on conflict do nothing
      returning address
    ), progressed as (
      update players set
        plantings_count = plantings_count + c.plant_n,
        harvests_count = harvests_count + c.harvest_n,
        commodities_count = commodities_count
          + (select count(*)::int from new_commodity n where n.address = c.address),
        ${storeBoardsSql(sql)},
        xp = players.xp + boards_xp.xp,
        level = ${levelSql(sql, sql`players.xp + boards_xp.xp`)},
        xp_reached_at = (case when boards_xp.xp > 0 then ${nowText}::timestamptz else players.xp_reached_at end),
        ${addSeasonXpSql(sql, season, sql`c.xp_gain + boards_xp.xp`, nowText)},
        plant_xp_day = coalesce(c.plant_xp_day, players.plant_xp_day),
        plant_xp_count = coalesce(c.plant_xp_count, players.plant_xp_count)
      from counts c join old o on o.address = c.address
        ${progressBoardsSql(sql, "o", day, season, { harvest: sql`c.harvest_n`, plant: sql`c.plant_n` })}
      where players.address = c.address
      returning players.address, players.best_streak, players.level, players.waterings_count,
        players.plantings_count, players.harvests_count, players.commodities_count, players.quest_days,
        players.xp, boards_xp.xp as boards_xp
    ), level_up as (
      insert into level_ups (address, level, reached_at)
      select address, reached, ${nowText}::timestamptz from progressed,
        generate_series(${levelSql(sql, sql`xp - boards_xp`)} + 1, level) as reached
    )
    ${unlockAchievementsSql(sql, sql`progressed`, nowText)}`);
}

/**
 * Grants chain events and moves the game's progress for the fresh ones, inside the caller's transaction: players
 * locked first, planting XP only from the minimum investment and up to the daily cap per wallet (@farm/core
 * plantingXp, on the UTC day of the investment's block), harvest XP and progress only for a harvest of that minimum
 * (harvestXp), then the XP statement, then quests, season and achievements.
 */
export async function grantAndProgress(
  db: Executor,
  kind: "plant" | "harvest",
  events: readonly (IndexedInvestment | IndexedHarvest)[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return;
  const grants = events.map((event) =>
    kind === "plant" ? plantingGrant(event as IndexedInvestment) : harvestGrant(event as IndexedHarvest),
  );
  const facts = await lockGrantees(
    db,
    grants.map((grant) => grant.address),
    grants.map((grant) => grant.eventKey),
    now,
  );
  const descriptions =
    kind === "plant"
      ? await descriptionsOf(
          db,
          events.map((event) => event.tokenId),
        )
      : null;
  const progress: ProgressEvent[] = [];
  const fresh: ChainGrant[] = [];
  const touched = new Map<string, PlantingXpState>();
  const seen = new Set<string>();
  events.forEach((event, i) => {
    const grant = grants[i]!;
    if (facts.granted.has(grant.eventKey) || seen.has(grant.eventKey)) return;
    seen.add(grant.eventKey);
    fresh.push(grant);
    if (kind === "plant") {
      const state = touched.get(grant.address) ?? facts.plantXp.get(grant.address) ?? { day: 0, count: 0 };
      const planted = plantingXp(state, { type: "plantSeed", amount: grant.invested }, grant.happenedAt);
      grant.xp = planted.xp;
      touched.set(grant.address, planted.state);
      // A dust planting (1 GOLD, returned with its yield at harvest) would otherwise buy a planting quest, a
      // commodity and the planting achievements: it counts in the investor's invested score only.
      if (!holdingEarnsXp(grant.invested)) return;
    } else if (grant.xp === 0) {
      // A dust harvest (harvestXp): its yield is the holder's, but it moves no count, quest or achievement.
      return;
    }
    progress.push({
      address: grant.address,
      kind,
      xp: grant.xp,
      commodity: descriptions ? commodityOf(descriptions.get(event.tokenId.toString())) : null,
    });
  });
  await appendGrants(db, fresh, now);
  await recordProgress(db, progress, touched, now);
}

/**
 * The game's callbacks for the indexer and the crop sync: planting XP (from the minimum amount, capped per day) and
 * +50 XP per harvest (of the minimum amount), once each, with quests, season and achievements; a refunded invoice's
 * investments off their investors' invested scores; XP taken back when a reorg drops the event (and granted again if
 * it comes back on the new chain). Once the indexer's transaction has committed, `playersChanged` hears which players
 * it changed (their cached profiles go).
 */
export function gameChainHooks(
  clock: () => Date = () => new Date(),
  playersChanged?: (addresses: string[]) => Promise<void>,
): ChainHooks {
  const changed = new WeakMap<object, Set<string>>();
  const note = (tx: object, addresses: Iterable<string>) => {
    if (!playersChanged) return;
    const set = changed.get(tx) ?? new Set<string>();
    for (const address of addresses) set.add(address);
    changed.set(tx, set);
  };
  return {
    onInvestmentsIndexed: async (tx, investments) => {
      await grantAndProgress(tx, "plant", investments, clock());
      note(
        tx,
        investments.map((event) => event.investor),
      );
    },
    onHarvestsIndexed: async (tx, harvests) => {
      await grantAndProgress(tx, "harvest", harvests, clock());
      note(
        tx,
        harvests.map((event) => event.holder),
      );
    },
    onRefundsIndexed: async (tx, refunds) => {
      const investors = await takeBackRefundedInvestment(tx, refunds, clock());
      note(tx, [...refunds.map((event) => event.holder), ...investors]);
    },
    onEventsDropped: async (tx, dropped) => {
      const refunded = await droppedRefundGrants(tx, dropped);
      await takeBackChainGrants(
        tx,
        [...dropped.investments.map(plantingGrant), ...dropped.harvests.map(harvestGrant), ...refunded],
        clock(),
      );
      note(tx, [
        ...dropped.investments.map((event) => event.investor),
        ...dropped.harvests.map((event) => event.holder),
        ...refunded.map((grant) => grant.address),
      ]);
    },
    onCommitted: async (tx) => {
      const addresses = changed.get(tx);
      changed.delete(tx);
      if (addresses && playersChanged) await playersChanged([...addresses]);
    },
  };
}
