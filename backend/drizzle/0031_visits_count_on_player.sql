ALTER TABLE "players" ADD COLUMN "visit_day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "visits_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Today's visits recorded before the count moved onto the players row count against today's cap.
UPDATE "players" SET "visit_day" = v."day", "visits_count" = v."n"
FROM (
  SELECT "address", "day", count(*)::int AS "n" FROM "game_visits"
  WHERE "day" = floor(extract(epoch FROM now()) / 86400)::int
  GROUP BY "address", "day"
) v
WHERE "players"."address" = v."address";
