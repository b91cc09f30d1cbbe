import type { SqlTag } from "../sql-tag";
import { MS_PER_DAY } from "../time";
import { type PlayerSeason, type Season, seasonFromId, seasonIdSql } from "./seasons";

/**
 * Each season (an ISO week) has a theme, drawn by rotation from this fixed list, and the theme's own decorations: the
 * rewards of its season pass, one for each tier, in tier order. Looks only: never money, XP or water.
 */
export const SEASON_THEMES = [
  { id: "monsoon-rain", rewards: ["rain-lily", "rain-barrel", "paper-umbrella"] },
  { id: "harvest-moon", rewards: ["rice-sheaf", "pumpkin-pile", "moon-lamp"] },
  { id: "lantern-night", rewards: ["lotus-lantern", "sky-lantern", "lantern-string"] },
  { id: "kite-festival", rewards: ["pinwheel", "kite-diamond", "kite-bird"] },
] as const;
export type SeasonThemeId = (typeof SEASON_THEMES)[number]["id"];
export type SeasonTheme = (typeof SEASON_THEMES)[number];
export const SEASON_THEME_IDS = SEASON_THEMES.map((theme) => theme.id) as [SeasonThemeId, ...SeasonThemeId[]];

/** Season XP that reaches each tier of a season's pass: tier n is SEASON_PASS_TIERS[n - 1]. */
export const SEASON_PASS_TIERS = [50, 150, 300] as const;
export const SEASON_PASS_TIER_COUNT = SEASON_PASS_TIERS.length;

/** 1970-01-05, the first Monday after the epoch: week 0 of the rotation. */
const FIRST_MONDAY = 4;

/** The theme of a season: the themes in turn, one a week, the same for every player. */
export function seasonTheme(season: Pick<Season, "startsAt">): SeasonTheme {
  const week = Math.floor((Math.floor(season.startsAt.getTime() / MS_PER_DAY) - FIRST_MONDAY) / 7);
  const index = ((week % SEASON_THEMES.length) + SEASON_THEMES.length) % SEASON_THEMES.length;
  return SEASON_THEMES[index]!;
}

/** The theme of a season id ("2026-W11"), or null when the id is not one. */
export function seasonThemeOf(seasonId: string): SeasonTheme | null {
  const season = seasonFromId(seasonId);
  return season ? seasonTheme(season) : null;
}

/** The decoration a tier (1 .. SEASON_PASS_TIER_COUNT) of a theme's pass gives. */
export function passReward(theme: SeasonTheme, tier: number): SeasonTheme["rewards"][number] {
  const reward = theme.rewards[tier - 1];
  if (reward === undefined) throw new RangeError(`not a season pass tier: ${tier}`);
  return reward;
}

/** A pass tier a player reached: in which season, which tier, when (kept forever, see passTiersCrossed). */
export interface ReachedTier {
  season: string;
  tier: number;
  reachedAt: Date;
}

/** The season XP `before` holds in `season`: a row holding another (older) season has none of it. */
const xpIn = (state: PlayerSeason, season: string) => (state.season === season ? state.xp : 0);

/**
 * The tiers of `after`'s season that a change of the players row from `before` to `after` crosses upward: the
 * thresholds above the XP it held in that season and at or below its XP now. Season XP only ever goes to the running
 * week (addSeasonXp), so a tier is reached while its season runs and never after its end. The first crossing is kept
 * for good: a reorg taking the XP back (takeBackSeasonXp only lowers, and lowering crosses nothing) leaves it, and
 * crossing it again records nothing new (recordReachedTiers; in SQL, the primary key).
 */
export function passTiersCrossed(before: PlayerSeason, after: PlayerSeason): ReachedTier[] {
  if (after.season === "") return [];
  const held = xpIn(before, after.season);
  return SEASON_PASS_TIERS.flatMap((threshold, i) =>
    held < threshold && after.xp >= threshold
      ? [{ season: after.season, tier: i + 1, reachedAt: after.reachedAt }]
      : [],
  );
}

/** Adds crossed tiers to those kept: a tier of a season already kept stays as first reached. */
export function recordReachedTiers(
  kept: readonly ReachedTier[],
  crossed: readonly ReachedTier[],
): ReachedTier[] {
  const has = (tier: ReachedTier, list: readonly ReachedTier[]) =>
    list.some((other) => other.season === tier.season && other.tier === tier.tier);
  const added: ReachedTier[] = [];
  for (const tier of crossed) if (!has(tier, kept) && !has(tier, added)) added.push(tier);
  return [...kept, ...added];
}

/** The tiers as a relation t(tier, xp). */
const tiersSql = <S>(q: SqlTag<S>) =>
  q.raw(
    `(values ${SEASON_PASS_TIERS.map((threshold, i) => `(${i + 1}, ${threshold})`).join(", ")}) as t(tier, xp)`,
  );

/**
 * passTiersCrossed in SQL, as the body of the players trigger that records the tiers whatever statement moves season
 * XP (a watering, a chain event's grant, any later XP path): `old` and `new` are the trigger's rows (`old` absent on
 * an insert). `when` is the trigger's WHEN condition (some tier crossed), `insert` the statement that records them,
 * once each (the primary key; ON CONFLICT DO NOTHING).
 */
export function passTiersCrossedSql<S>(q: SqlTag<S>, hasOld: boolean): { when: S; insert: S } {
  const held = hasOld ? q`(case when old.season = new.season then old.season_xp else 0 end)` : q`0`;
  const when = q`new.season <> '' and (${q.join(
    SEASON_PASS_TIERS.map(
      (threshold) =>
        q`(${held} < ${q.raw(String(threshold))} and new.season_xp >= ${q.raw(String(threshold))})`,
    ),
    q` or `,
  )})`;
  const insert = q`insert into season_pass_tiers (address, season, tier, reached_at)
      select new.address, new.season, t.tier, new.season_reached_at from ${tiersSql(q)}
      where ${held} < t.xp and new.season_xp >= t.xp
      on conflict do nothing`;
  return { when, insert };
}

/**
 * The migration that installs the trigger, written from passTiersCrossedSql: one function for inserts and one for
 * updates (a trigger's WHEN may name `old` only on updates), then the tiers players already passed in the running
 * week when it is applied. Its text is in 0021_garden_decorations.sql, and a test holds the two the same.
 */
export function seasonPassTriggerSql<S>(q: SqlTag<S>): S {
  const update = passTiersCrossedSql(q, true);
  const insert = passTiersCrossedSql(q, false);
  return q`CREATE FUNCTION record_season_pass_tiers_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${update.insert};
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION record_season_pass_tiers_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  ${insert.insert};
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER players_season_pass_on_update AFTER UPDATE OF season, season_xp ON players
  FOR EACH ROW WHEN (${update.when}) EXECUTE FUNCTION record_season_pass_tiers_on_update();--> statement-breakpoint
CREATE TRIGGER players_season_pass_on_insert AFTER INSERT ON players
  FOR EACH ROW WHEN (${insert.when}) EXECUTE FUNCTION record_season_pass_tiers_on_insert();--> statement-breakpoint
${passTiersCatchUpSql(q)};`;
}

/** The tiers players already passed in the running week (by the database's clock), recorded once each. */
export function passTiersCatchUpSql<S>(q: SqlTag<S>): S {
  return q`INSERT INTO season_pass_tiers (address, season, tier, reached_at)
  SELECT p.address, p.season, t.tier, p.season_reached_at FROM players p CROSS JOIN ${tiersSql(q)}
  WHERE p.season = ${seasonIdSql(q, q`now()`)} AND p.season_xp >= t.xp
  ON CONFLICT DO NOTHING`;
}

/** One tier of the running season's pass as the player sees it. */
export interface PassTierView {
  tier: number;
  xp: number;
  reward: SeasonTheme["rewards"][number];
  reachedAt: Date | null;
}

/** The running season's pass: its tiers with the reward and when each was reached (null: not yet). */
export function passTiers(season: Season, reached: readonly ReachedTier[]): PassTierView[] {
  const theme = seasonTheme(season);
  return SEASON_PASS_TIERS.map((xp, i) => {
    const tier = i + 1;
    const hit = reached.find((entry) => entry.season === season.id && entry.tier === tier);
    return { tier, xp, reward: passReward(theme, tier), reachedAt: hit?.reachedAt ?? null };
  });
}

/** The pass rewards every reached tier gives, kept forever: `${theme}:${tier}` keys for the unlock rules. */
export function passTierKeys(reached: readonly Pick<ReachedTier, "season" | "tier">[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of reached) {
    const theme = seasonThemeOf(entry.season);
    if (theme) keys.add(passTierKey(theme.id, entry.tier));
  }
  return keys;
}

export const passTierKey = (theme: SeasonThemeId, tier: number) => `${theme}:${tier}`;
