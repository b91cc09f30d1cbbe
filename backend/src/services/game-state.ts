import {
  ACHIEVEMENTS,
  type GameState,
  liveStreak,
  MAX_XP_PLANTINGS_PER_DAY,
  MIN_PLANTING_FOR_XP,
  NO_STATS,
  nextCosmetic,
  nextUtcMidnight,
  questsForDay,
  type SeasonsResponse,
  seasonFromId,
  seasonOf,
  startOfUtcDay,
  unlockedCosmetics,
  utcDay,
} from "@farm/core";
import { sql } from "drizzle-orm";
import { type DbExecutor, queryRows } from "../indexer/db";

interface StateRow {
  streak: number;
  best_streak: number;
  streak_day: number | null;
  level: number;
  waterings_count: number;
  plantings_count: number;
  harvests_count: number;
  commodities_count: number;
  quest_days: number;
  quests: { quest_id: string; progress: number; completed_at: string | null }[] | null;
  unlocked: [string, string][] | null;
  season_xp: number | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The player's streak, today's quests, achievements, cosmetics and season, read in one statement. */
export async function readGameState(db: DbExecutor, address: string, now: Date): Promise<GameState> {
  const day = utcDay(now);
  const season = seasonOf(now);
  const [row] = await queryRows<StateRow>(
    db,
    sql`select p.streak, p.best_streak, p.streak_day, p.level, p.waterings_count, p.plantings_count,
        p.harvests_count, p.commodities_count, p.quest_days,
        (select json_agg(json_build_object('quest_id', quest_id, 'progress', progress, 'completed_at', completed_at))
         from daily_quests where address = p.address and day = ${day}::int) as quests,
        (select json_agg(json_build_array(achievement_id, unlocked_at)) from achievements
         where address = p.address) as unlocked,
        (select xp from season_scores where season = ${season.id} and address = p.address) as season_xp
      from players p where p.address = ${address}`,
  );
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
  const stored = new Map((row?.quests ?? []).map((quest) => [quest.quest_id, quest]));
  const unlocked = new Map(row?.unlocked ?? []);
  const streak = { current: row?.streak ?? 0, best: row?.best_streak ?? 0, lastDay: row?.streak_day ?? null };
  return {
    day: startOfUtcDay(day).toISOString(),
    nextDayAt: nextUtcMidnight(now).toISOString(),
    streak: { current: liveStreak(streak, now), best: streak.best, wateredToday: streak.lastDay === day },
    quests: questsForDay(null, address, now).quests.map((quest) => {
      const saved = stored.get(quest.id);
      return {
        id: quest.id as GameState["quests"][number]["id"],
        kind: quest.kind,
        target: quest.target,
        progress: saved?.progress ?? 0,
        completedAt: saved?.completed_at ? iso(saved.completed_at) : null,
      };
    }),
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
      xp: row?.season_xp ?? 0,
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
}

/**
 * The running season's top ten and the kept top ten of the latest finished ones. Finished seasons are archived
 * lazily: the first read after a week ends copies its top ten into season_podiums (once: the primary key) and drops
 * its score rows, in one statement.
 */
export async function readSeasons(db: DbExecutor, now: Date, pastCount: number): Promise<SeasonsResponse> {
  const current = seasonOf(now);
  await db.execute(sql`
    with ranked as (
      select season, address, xp, reached_at,
        row_number() over (partition by season order by xp desc, reached_at, address)::int as rank
      from season_scores where season < ${current.id}
    ), archived as (
      insert into season_podiums (season, rank, address, xp, reached_at)
      select season, rank, address, xp, reached_at from ranked where rank <= 10 and xp > 0
      order by season, rank
      on conflict do nothing
    )
    delete from season_scores where season < ${current.id}`);
  const rows = await queryRows<StandingRow>(
    db,
    sql`(select s.season, s.address, p.display_name, p.avatar, s.xp from season_scores s
         left join players p on p.address = s.address
         where s.season = ${current.id} and s.xp > 0
         order by s.xp desc, s.reached_at, s.address limit 10)
      union all
        (select s.season, s.address, p.display_name, p.avatar, s.xp from season_podiums s
         left join players p on p.address = s.address
         where s.season in (select distinct season from season_podiums order by season desc limit ${pastCount}))
      order by season desc, xp desc`,
  );
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
      rank: (standings.get(row.season)?.entries.length ?? 0) + 1,
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
