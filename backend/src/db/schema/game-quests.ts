import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Places of the app a player opened (POST /api/game/visits), once a UTC day per place and subject (a fact sheet's
 * token id, "" for the other places): the key makes a visit move quests and chores once (decision 0059).
 */
export const gameVisits = pgTable(
  "game_visits",
  {
    address: text("address").notNull(),
    day: integer("day").notNull(),
    place: text("place").notNull(),
    subject: text("subject").notNull().default(""),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.day, t.place, t.subject] }),
    index("game_visits_address_time_idx").on(t.address, t.visitedAt),
  ],
);
