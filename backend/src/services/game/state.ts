import {
  ACHIEVEMENTS,
  choresOfWeek,
  DAILY_QUEST_XP_CAP,
  type GameState,
  liveStreak,
  MAX_XP_PLANTINGS_PER_DAY,
  MIN_PLANTING_FOR_XP,
  NO_BOARDS,
  NO_STATS,
  nextCosmetic,
  nextUtcMidnight,
  questsOfDay,
  rankScoresSql,
  SEASON_PODIUM_SIZE,
  type SeasonsResponse,
  seasonFromId,
  seasonOf,
  startOfUtcDay,
  unlockedCosmetics,
  utcDay,
  WEEKLY_CHORE_XP_CAP,
  XP_PER_CHORE,
  XP_PER_QUEST,
} from "@farm/core";
import { type SQL, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../adapters/db/database";
import { preparedStatement } from "../../adapters/db/prepared";
import { type BoardsRow, boardsOf } from "./boards";

interface StateRow extends BoardsRow {
  streak: number;
  best_streak: number;
  streak_day: number | null;
  level: number;
  waterings_count: number;
  plantings_count: number;
  harvests_count: number;
  commodities_count: number;
  quest_days: number;
  unlocked: [string, string][] | null;
  season: string;
  season_xp: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The player's streak, boards, counts and season with its achievements, in one prepared statement: every garden open
 * reads it.
 */
const stateReadStatement = preparedStatement<{ address: string }, StateRow>(
  "farm_game_state_read_v1",
  ({ address }) =>
    sql`select p.streak, p.best_streak, p.streak_day, p.level, p.waterings_count, p.plantings_count,
        p.harvests_count, p.commodities_count, p.quest_days, p.quest_day, p.quest_ids, p.quest_progress, p.quest_xp, p.chore_week,
        p.chore_ids, p.chore_progress, p.chore_xp, p.season, p.season_xp,
        (select json_agg(json_build_array(achievement_id, unlocked_at)) from achievements
         where address = p.address) as unlocked
      from players p where p.address = ${address}::text`,
);

/** The player's streak, today's quests, achievements, cosmetics and season, read in one statement. */
export async function readGameState(db: Executor, address: string, now: Date): Promise<GameState> {
  const day = utcDay(now);
  const season = seasonOf(now);
  const [row] = await stateReadStatement(db, { address });
  const stats = row
    ? {
        plantings: row.plantings_count,
        harvests: row.harvests_count,
        waterings: row.waterings_count,
        commodities: row.commodities_count,
        bestStreak: row.best_streak,
        level: row.level,
        questDays: row.quest_days,
      }
    : NO_STATS;
  const unlocked = new Map(row?.unlocked ?? []);
  const boards = row ? boardsOf(row) : NO_BOARDS;
  const streak = { current: row?.streak ?? 0, best: row?.best_streak ?? 0, lastDay: row?.streak_day ?? null };
  return {
    day: startOfUtcDay(day).toISOString(),
    nextDayAt: nextUtcMidnight(now).toISOString(),
    streak: { current: liveStreak(streak, now), best: streak.best, wateredToday: streak.lastDay === day },
    quests: questsOfDay(boards, day).map((quest) => ({
      ...quest,
      id: quest.id as GameState["quests"][number]["id"],
    })),
    chores: choresOfWeek(boards, season.id).map((chore) => ({
      ...chore,
      id: chore.id as GameState["chores"][number]["id"],
    })),
    taskXp: {
      perQuest: XP_PER_QUEST,
      perChore: XP_PER_CHORE,
      dailyQuestCap: DAILY_QUEST_XP_CAP,
      weeklyChoreCap: WEEKLY_CHORE_XP_CAP,
      questsToday: boards.quests.day === day ? boards.quests.xp : 0,
      choresThisWeek: boards.chores.week === season.id ? boards.chores.xp : 0,
    },
    achievements: ACHIEVEMENTS.map((achievement) => {
      const at = unlocked.get(achievement.id);
      return {
        id: achievement.id,
        threshold: achievement.threshold,
        value: Math.min(stats[achievement.stat], achievement.threshold),
        unlockedAt: at ? iso(at) : null,
      };
    }),
    cosmetics: { unlocked: unlockedCosmetics(stats.level), next: nextCosmetic(stats.level) },
    season: {
      id: season.id,
      startsAt: season.startsAt.toISOString(),
      endsAt: season.endsAt.toISOString(),
      xp: row && row.season === season.id ? row.season_xp : 0,
    },
    rules: { plantingXpMinimum: MIN_PLANTING_FOR_XP.toString(), plantingXpPerDay: MAX_XP_PLANTINGS_PER_DAY },
  };
}

interface StandingRow {
  season: string;
  address: string;
  display_name: string | null;
  avatar: string | null;
  xp: number;
  rank: number;
}

/**
 * The running season's top ten (players.season_xp) and the kept top ten of the latest finished ones. A finished
 * season's top ten is written once into season_podiums by the first read after the week ends, from the archived
 * scores (season_scores) and the players still holding that week on their row.
 */
export async function readSeasons(db: Executor, now: Date, pastCount: number): Promise<SeasonsResponse> {
  const current = seasonOf(now);
  // @farm/core's seasonPodium: the top SEASON_PODIUM_SIZE above zero in rankScores' order.
  const rank = (score: SQL, reachedAt: SQL, address: SQL) => rankScoresSql(sql, score, reachedAt, address);
  const podium = sql.raw(String(SEASON_PODIUM_SIZE));
  const currentRank = rank(sql`p.season_xp`, sql`p.season_reached_at`, sql`p.address`);
  // The finished seasons without a podium yet, found by skipping through the season indexes (one probe a season,
  // never a read of every score), then each one's top ten read from the top of those indexes.
  await db.execute(sql`
    with recursive scored(season) as (
      (select season from season_scores where season < ${current.id} order by season limit 1)
      union all
      select (select s.season from season_scores s where s.season > scored.season and s.season < ${current.id}
              order by s.season limit 1)
      from scored where scored.season is not null
    ), held(season) as (
      (select season from players where season <> '' and season < ${current.id} order by season limit 1)
      union all
      select (select p.season from players p where p.season > held.season and p.season < ${current.id}
              order by p.season limit 1)
      from held where held.season is not null
    ), waiting as (
      select season from scored where season is not null
      union
      select season from held where season is not null
      except
      select season from season_podiums
    ), top as (
      select w.season, x.address, x.xp, x.reached_at
      from waiting w
      cross join lateral (
        (select s.address, s.xp, s.reached_at from season_scores s
         where s.season = w.season and s.xp > 0
         order by ${rank(sql`s.xp`, sql`s.reached_at`, sql`s.address`)} limit ${podium})
        union all
        (select p.address, p.season_xp, p.season_reached_at from players p
         where p.season = w.season and p.season_xp > 0
           -- A scalar subquery, not NOT EXISTS: PostgreSQL turns an EXISTS into an anti join, which it may plan
           -- as a hash of every archived score; this stays one index probe for each row read from the top.
           and (select 1 from season_scores s where s.season = p.season and s.address = p.address) is null
         order by ${rank(sql`p.season_xp`, sql`p.season_reached_at`, sql`p.address`)} limit ${podium})
      ) x
    ), ranked as (
      select season, address, xp, reached_at,
        row_number() over (partition by season order by ${rank(sql`xp`, sql`reached_at`, sql`address`)})::int as rank
      from top
    )
    insert into season_podiums (season, rank, address, xp, reached_at)
    select season, rank, address, xp, reached_at from ranked where rank <= ${podium}
    order by season, rank
    on conflict do nothing`);
  const rows = await queryRows<StandingRow>(
    db,
    sql`(select p.season, p.address, p.display_name, p.avatar, p.season_xp as xp,
           row_number() over (order by ${currentRank})::int as rank
         from players p
         where p.season = ${current.id} and p.season_xp > 0
         order by ${currentRank} limit ${podium})
      union all
        (select s.season, s.address, p.display_name, p.avatar, s.xp, s.rank from season_podiums s
         left join lateral (select c.display_name, c.avatar from players c where c.address = s.address limit 1) p
           on true
         where s.season in (select distinct season from season_podiums order by season desc limit ${pastCount}))`,
  );
  // Newest season first, by rank: at most ten rows a season, ordered here so the week's top ten stays an index walk.
  rows.sort((a, b) => (a.season === b.season ? a.rank - b.rank : a.season < b.season ? 1 : -1));
  const standings = new Map<string, SeasonsResponse["current"]>();
  const standing = (id: string) => {
    let entry = standings.get(id);
    const season = seasonFromId(id);
    if (!entry && season) {
      entry = {
        id,
        startsAt: season.startsAt.toISOString(),
        endsAt: season.endsAt.toISOString(),
        entries: [],
      };
      standings.set(id, entry);
    }
    return entry;
  };
  standing(current.id);
  for (const row of rows)
    standing(row.season)?.entries.push({
      rank: row.rank,
      address: row.address,
      name: row.display_name,
      avatar: row.avatar,
      score: String(row.xp),
    });
  return {
    current: standings.get(current.id)!,
    past: [...standings.values()].filter((entry) => entry.id !== current.id),
  };
}
