import { GameRuleError } from "./errors";

const MS_PER_DAY = 86_400_000;

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

/** Places kept of every finished season. */
export const SEASON_PODIUM_SIZE = 10;

export interface SeasonScore {
  address: string;
  /** XP gained in the season. */
  score: number;
  /** When the score was last raised: ties go to whoever got there first. */
  reachedAt: Date;
}

export interface SeasonsState {
  current: Season;
  scores: SeasonScore[];
  /** Finished seasons' top ten, newest first. */
  past: { season: Season; top: SeasonScore[] }[];
}

export interface AddSeasonXp {
  type: "addSeasonXp";
  address: string;
  xp: number;
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

/** At a week boundary the finished season's top ten is kept and the new season starts from zero. */
export function rollSeason(state: SeasonsState, now: Date): SeasonsState {
  const season = seasonOf(now);
  if (season.id === state.current.id) return state;
  if (season.startsAt < state.current.startsAt)
    throw new GameRuleError("CLOCK_WENT_BACKWARDS", "a season cannot roll back to an earlier week");
  return {
    current: season,
    scores: [],
    past: [
      { season: state.current, top: rankScores(state.scores).slice(0, SEASON_PODIUM_SIZE) },
      ...state.past,
    ],
  };
}

/** Adds XP gained now to the player's score of the current season (rolling over first at a week boundary). */
export function addSeasonXp(state: SeasonsState, action: AddSeasonXp, now: Date): SeasonsState {
  if (!Number.isInteger(action.xp) || action.xp <= 0)
    throw new GameRuleError("INVALID_XP_AMOUNT", `season XP is a positive whole number, got ${action.xp}`);
  const rolled = rollSeason(state, now);
  const mine = rolled.scores.find((score) => score.address === action.address);
  const scores = mine
    ? rolled.scores.map((score) =>
        score === mine ? { ...mine, score: mine.score + action.xp, reachedAt: now } : score,
      )
    : [...rolled.scores, { address: action.address, score: action.xp, reachedAt: now }];
  return { ...rolled, scores };
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
