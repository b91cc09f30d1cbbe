import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A player's side of the neighbours feature (decision 0063): its garden's visibility and slug, and its help counters
 * of one UTC day (@farm/core decideHelp). The help statement locks the helper's and the owner's rows, so the daily
 * caps hold under concurrent helps. Created on first use; no row means a private garden and no help today.
 */
export const neighbours = pgTable(
  "neighbours",
  {
    address: text("address").primaryKey(),
    /** Off by default: a garden is shown to others only after its owner makes it public. */
    gardenPublic: boolean("garden_public").notNull().default(false),
    /** 80 random bits in base32, made the first time the garden goes public and kept after; never the address. */
    gardenSlug: text("garden_slug"),
    /** UTC day of the counters below (-1 before any help). */
    helpDay: integer("help_day").notNull().default(-1),
    helpsGiven: integer("helps_given").notNull().default(0),
    /** Helps received on help_day that earned this player XP. */
    helpsRewarded: integer("helps_rewarded").notNull().default(0),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("neighbours_garden_slug_idx").on(t.gardenSlug)],
);

/** One row per help: a helper helps an owner at most once per UTC day (the primary key). */
export const gardenHelps = pgTable(
  "garden_helps",
  {
    helper: text("helper").notNull(),
    owner: text("owner").notNull(),
    day: integer("day").notNull(),
    helperXp: integer("helper_xp").notNull(),
    ownerXp: integer("owner_xp").notNull(),
    helpedAt: at("helped_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.helper, t.owner, t.day] }),
    index("garden_helps_owner_day_idx").on(t.owner, t.day),
    index("garden_helps_helper_time_idx").on(t.helper, t.helpedAt),
  ],
);

/** A neighbourhood: up to TEAM_MAX_MEMBERS players joined by its invite code. */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** 40 random bits in base32: who has it may join. */
    inviteCode: text("invite_code").notNull(),
    /** Kept with every join and leave under the team row's lock, so a full team refuses the next join. */
    memberCount: integer("member_count").notNull().default(0),
    createdBy: text("created_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("teams_invite_code_idx").on(t.inviteCode),
    uniqueIndex("teams_name_idx").on(sql`lower(${t.name})`),
  ],
);

/** A player's neighbourhood: one each (the primary key). */
export const teamMembers = pgTable(
  "team_members",
  {
    address: text("address").primaryKey(),
    teamId: uuid("team_id").notNull(),
    joinedAt: at("joined_at").notNull().defaultNow(),
  },
  (t) => [index("team_members_team_idx").on(t.teamId, t.joinedAt)],
);

/** Each ISO week a team reached its goal, recorded once with the goal it met. */
export const teamWeeks = pgTable(
  "team_weeks",
  {
    teamId: uuid("team_id").notNull(),
    week: text("week").notNull(),
    goal: integer("goal").notNull(),
    reachedAt: at("reached_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.week] })],
);

/** The cosmetic each member kept for a week its team reached the goal: once per player and week, kept forever. */
export const teamRewards = pgTable(
  "team_rewards",
  {
    address: text("address").notNull(),
    week: text("week").notNull(),
    reward: text("reward").notNull(),
    teamId: uuid("team_id").notNull(),
    awardedAt: at("awarded_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.address, t.week] })],
);
