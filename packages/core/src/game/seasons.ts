import type { SqlTag } from "../sql-tag";
import { MS_PER_DAY } from "../time";

/** A weekly leaderboard season: one ISO week, Monday 00:00 UTC to the next Monday 00:00 UTC. */
export interface Season {
  /** ISO week id, e.g. "2026-W11" (the ISO week-numbering year, which may differ from the calendar year). */
  id: string;
  startsAt: Date;
  endsAt: Date;
}

/** The season `now` falls in. */
export function seasonOf(now: Date): Season {
  const day = Math.floor(now.getTime() / MS_PER_DAY);
  // 1970-01-01 was a Thursday: ISO weekday 1 (Monday) .. 7 (Sunday).
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
  const monday = day - (weekday - 1);
  const thursday = monday + 3;
  const isoYear = new Date(thursday * MS_PER_DAY).getUTCFullYear();
  const jan1 = Math.floor(Date.UTC(isoYear, 0, 1) / MS_PER_DAY);
  const week = Math.floor((thursday - jan1) / 7) + 1;
  return {
    id: `${isoYear}-W${String(week).padStart(2, "0")}`,
    startsAt: new Date(monday * MS_PER_DAY),
    endsAt: new Date((monday + 7) * MS_PER_DAY),
  };
}

/** seasonOf(...).id in SQL for a timestamptz ("2026-W11": ISO week-numbering year and week, UTC). */
export function seasonIdSql<S>(q: SqlTag<S>, at: S): S {
  return q`to_char((${at}) at time zone 'UTC', 'IYYY-"W"IW')`;
}

/** The season of an ISO week id ("2026-W11"), or null when the id is not one. */
export function seasonFromId(id: string): Season | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(id);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  // 4 January is always in ISO week 1; its Monday starts the ISO year.
  const jan4 = Math.floor(Date.UTC(year, 0, 4) / MS_PER_DAY);
  const jan4Weekday = (((jan4 + 3) % 7) + 7) % 7; // 0 = Monday
  const season = seasonOf(new Date((jan4 - jan4Weekday + (week - 1) * 7) * MS_PER_DAY));
  return season.id === id ? season : null;
}

/** A player's XP in the season it holds, as the players row stores it (season "" before any XP). */
export interface PlayerSeason {
  season: string;
  xp: number;
  /** When the score last rose: ties go to whoever got there first. */
  reachedAt: Date;
}

/**
 * XP gained now (0 or more) added to the player's season. The first XP of a later week starts it from zero and hands
 * the finished week's score (when it scored) to the archive. XP of a week before the one held (a clock that went back)
 * counts in the held week: a season never moves back. Ids compare as text ("2026-W09" < "2026-W10").
 */
export function addSeasonXp(
  state: PlayerSeason,
  xp: number,
  now: Date,
): { state: PlayerSeason; archived: PlayerSeason | null } {
  const season = seasonOf(now).id;
  if (state.season >= season)
    return {
      state: { ...state, xp: state.xp + xp, reachedAt: xp > 0 ? now : state.reachedAt },
      archived: null,
    };
  const archived = state.season !== "" && state.xp > 0 ? state : null;
  return { state: { season, xp, reachedAt: now }, archived };
}

/** addSeasonXp in SQL: SET clauses of an UPDATE of players adding `xp` (an expression) at `now` in `season`. */
export function addSeasonXpSql<S>(q: SqlTag<S>, season: unknown, xp: S, now: unknown): S {
  return q`season = greatest(players.season, ${season}::text),
    season_xp = (case when players.season >= ${season}::text then players.season_xp else 0 end) + ${xp},
    season_reached_at = (case when ${xp} > 0 or players.season < ${season}::text then ${now}::timestamptz
      else players.season_reached_at end)`;
}

/**
 * addSeasonXp's `archived` in SQL: keeps the finished season of the rows of `old` (the players' old address, season,
 * season_xp, season_reached_at) that move on to `season`; once per player and week (the primary key).
 */
export function archiveSeasonSql<S>(q: SqlTag<S>, old: S, season: unknown): S {
  return q`insert into season_scores (season, address, xp, reached_at)
    select o.season, o.address, o.season_xp, o.season_reached_at from ${old} o
    where o.season <> '' and o.season < ${season}::text and o.season_xp > 0
    order by 1, 2
    on conflict do nothing`;
}

/** Season XP taken back with its grant: it leaves the week it was counted in (`grantedIn`), never below 0. */
export function takeBackSeasonXp(state: PlayerSeason, grantedIn: string, xp: number): PlayerSeason {
  return state.season === grantedIn ? { ...state, xp: Math.max(0, state.xp - xp) } : state;
}

/**
 * takeBackSeasonXp in SQL over `taken` (address, season, xp: the XP taken back per player and week of its grants):
 * the UPDATE of the archived weeks, and the SET clause of the week still on the players row.
 */
export function takeBackSeasonXpSql<S>(q: SqlTag<S>, taken: S): { archived: S; held: S } {
  return {
    archived: q`update season_scores set xp = greatest(season_scores.xp - g.xp, 0)
      from ${taken} g
      where season_scores.season = g.season and season_scores.address = g.address`,
    held: q`season_xp = greatest(players.season_xp - coalesce((select g.xp from ${taken} g
          where g.address = players.address and g.season = players.season), 0), 0)`,
  };
}

/** Places kept of every finished season. */
export const SEASON_PODIUM_SIZE = 10;

export interface SeasonScore {
  address: string;
  /** XP gained in the season. */
  score: number;
  reachedAt: Date;
}

/** Orders scores for ranking: highest first, then earliest reached, then address. */
export function rankScores(scores: readonly SeasonScore[]): SeasonScore[] {
  return [...scores].sort(
    (a, b) =>
      b.score - a.score ||
      a.reachedAt.getTime() - b.reachedAt.getTime() ||
      (a.address < b.address ? -1 : a.address > b.address ? 1 : 0),
  );
}

/** A season's top ten: the scores above zero, ranked. */
export function seasonPodium(scores: readonly SeasonScore[]): SeasonScore[] {
  return rankScores(scores.filter((score) => score.score > 0)).slice(0, SEASON_PODIUM_SIZE);
}

/** rankScores' order in SQL, over the columns of a score, its time and its address (`desc nulls last`: the rank
 *  indexes' order). */
export function rankScoresSql<S>(q: SqlTag<S>, score: S, reachedAt: S, address: S): S {
  return q`${score} desc nulls last, ${reachedAt}, ${address}`;
}
