import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const goldAmount = (name: string) => numeric(name, { precision: 78, scale: 0, mode: "bigint" });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Game state of one wallet. Water is stored with the UTC day it belongs to; the refill at 00:00 UTC is applied lazily
 * by whichever statement touches the row next. Each score keeps the time it last changed: ties on the leaderboard go
 * to whoever got there first.
 */
export const players = pgTable(
  "players",
  {
    /** Checksummed wallet address, as the session and the chain index write it. */
    address: text("address").primaryKey(),
    xp: integer("xp").notNull().default(0),
    level: integer("level").notNull().default(1),
    water: integer("water").notNull(),
    /** UTC day number (days since 1970-01-01) `water` belongs to. */
    waterDay: integer("water_day").notNull(),
    displayName: text("display_name"),
    avatar: text("avatar"),
    xpReachedAt: at("xp_reached_at").notNull().defaultNow(),
    /** GOLD put in by invest / investWithPermit less the investments of refunded invoices (once each via xp_grants). */
    invested: goldAmount("invested").notNull().default(sql`0`),
    investedReachedAt: at("invested_reached_at").notNull().defaultNow(),
    /** Yield received from harvests over all time. */
    yieldEarned: goldAmount("yield_earned").notNull().default(sql`0`),
    yieldReachedAt: at("yield_reached_at").notNull().defaultNow(),
    /** Daily watering streak: consecutive UTC days with a watering up to `streak_day`. */
    streak: integer("streak").notNull().default(0),
    bestStreak: integer("best_streak").notNull().default(0),
    /** UTC day number of the latest watering, null before the first. */
    streakDay: integer("streak_day"),
    /** Counters achievements are judged on (each only grows; see @farm/core achievements). */
    wateringsCount: integer("waterings_count").notNull().default(0),
    plantingsCount: integer("plantings_count").notNull().default(0),
    harvestsCount: integer("harvests_count").notNull().default(0),
    commoditiesCount: integer("commodities_count").notNull().default(0),
    /** UTC days on which all three daily quests were completed. */
    questDays: integer("quest_days").notNull().default(0),
    /**
     * Today's three quests (@farm/core drawDailyQuests, in draw order): progress of each on `quest_day`. On the
     * player's row so a watering moves them without writing another row.
     */
    questDay: integer("quest_day").notNull().default(-1),
    questProgress: integer("quest_progress").array().notNull().default(sql`'{0,0,0}'`),
    /** The quests drawn on `quest_day` at its first read, XP they gave that day, and the week's chores (0059). */
    questIds: text("quest_ids").array().notNull().default(sql`'{}'`),
    questXp: integer("quest_xp").notNull().default(0),
    choreWeek: text("chore_week").notNull().default(""),
    choreIds: text("chore_ids").array().notNull().default(sql`'{}'`),
    choreProgress: integer("chore_progress").array().notNull().default(sql`'{0,0,0,0,0}'`),
    choreXp: integer("chore_xp").notNull().default(0),
    /** XP gained in `season` (ISO week id, "" before any), moved with the XP; a new week archives it in season_scores. */
    season: text("season").notNull().default(""),
    seasonXp: integer("season_xp").notNull().default(0),
    seasonReachedAt: at("season_reached_at").notNull().defaultNow(),
    /** UTC day (of the investment's block) and count of the plantings that earned XP that day: the daily cap. */
    plantXpDay: integer("plant_xp_day").notNull().default(0),
    plantXpCount: integer("plant_xp_count").notNull().default(0),
    /**
     * UTC day and count of the visits recorded that day (game_visits rows; MAX_VISITS_PER_DAY): read and moved under
     * the row's lock by the visit statement, so visits at once queue on it instead of all passing one stale count.
     */
    visitDay: integer("visit_day").notNull().default(-1),
    visitsCount: integer("visits_count").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive so "Budi" and "budi" cannot both exist. Partial, as the money boards below: every watering and
    // help moves xp, so each writes a new row version into every index whose predicate the row meets; a player with
    // no name or no yield yet (the boards list scores above 0 only) costs those indexes nothing.
    uniqueIndex("players_display_name_idx")
      .on(sql`lower(${t.displayName})`)
      .where(sql`${t.displayName} is not null`),
    index("players_xp_rank_idx").on(t.xp.desc(), t.xpReachedAt, t.address),
    index("players_invested_rank_idx")
      .on(t.invested.desc(), t.investedReachedAt, t.address)
      .where(sql`${t.invested} > 0`),
    index("players_yield_rank_idx")
      .on(t.yieldEarned.desc(), t.yieldReachedAt, t.address)
      .where(sql`${t.yieldEarned} > 0`),
    index("players_season_rank_idx").on(t.season, t.seasonXp.desc(), t.seasonReachedAt, t.address),
  ],
);

/** One row per crop watered per UTC day; its primary key is what makes a second watering the same day impossible. */
export const waterings = pgTable(
  "waterings",
  {
    address: text("address").notNull(),
    tokenId: goldAmount("token_id").notNull(),
    day: integer("day").notNull(),
    xpGained: integer("xp_gained").notNull(),
    wateredAt: at("watered_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.tokenId, t.day] }),
    index("waterings_address_time_idx").on(t.address, t.wateredAt),
    // A wallet's days (a neighbourhood's week): the primary key puts the crop before the day, so a range of days
    // there walks the wallet's whole history.
    index("waterings_address_day_idx").on(t.address, t.day),
  ],
);

/** XP granted for chain events, keyed by "<reason>:<event id>": the key makes each grant happen exactly once. */
export const xpGrants = pgTable("xp_grants", {
  eventKey: text("event_key").primaryKey(),
  address: text("address").notNull(),
  xp: integer("xp").notNull(),
  grantedAt: at("granted_at").notNull().defaultNow(),
});

/** Every level a player reached, for the activity history. */
export const levelUps = pgTable(
  "level_ups",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    address: text("address").notNull(),
    level: integer("level").notNull(),
    reachedAt: at("reached_at").notNull().defaultNow(),
  },
  (t) => [index("level_ups_address_time_idx").on(t.address, t.reachedAt)],
);

/** Achievements unlocked; the primary key makes each unlock happen once per player. */
export const achievements = pgTable(
  "achievements",
  {
    address: text("address").notNull(),
    achievementId: text("achievement_id").notNull(),
    unlockedAt: at("unlocked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.achievementId] })],
);

/** Distinct commodities a player planted (for the three-commodities achievement). */
export const playerCommodities = pgTable(
  "player_commodities",
  {
    address: text("address").notNull(),
    commodity: text("commodity").notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.commodity] })],
);

/** XP of finished weekly seasons (ISO week id, e.g. "2026-W11", UTC), archived from players.season_xp. */
export const seasonScores = pgTable(
  "season_scores",
  {
    season: text("season").notNull(),
    address: text("address").notNull(),
    xp: integer("xp").notNull().default(0),
    reachedAt: at("reached_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.season, t.address] }),
    index("season_scores_rank_idx").on(t.season, t.xp.desc(), t.reachedAt, t.address),
  ],
);

/** The top ten of every finished season, written once when the season is first read after its end. */
export const seasonPodiums = pgTable(
  "season_podiums",
  {
    season: text("season").notNull(),
    rank: integer("rank").notNull(),
    address: text("address").notNull(),
    xp: integer("xp").notNull(),
    reachedAt: at("reached_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.rank] })],
);
