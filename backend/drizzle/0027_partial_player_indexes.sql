-- Every watering and help updates its players row, and PostgreSQL writes the new row version into each index whose
-- predicate the row meets: a player with no display name or no yield yet now costs those indexes nothing (the boards
-- list scores above 0 only). Rebuilding them holds writes to players until done (see the CHANGELOG's upgrade notes).
DROP INDEX "players_display_name_idx";--> statement-breakpoint
DROP INDEX "players_invested_rank_idx";--> statement-breakpoint
DROP INDEX "players_yield_rank_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "players_display_name_idx" ON "players" USING btree (lower("display_name")) WHERE "players"."display_name" is not null;--> statement-breakpoint
CREATE INDEX "players_invested_rank_idx" ON "players" USING btree ("invested" DESC NULLS LAST,"invested_reached_at","address") WHERE "players"."invested" > 0;--> statement-breakpoint
CREATE INDEX "players_yield_rank_idx" ON "players" USING btree ("yield_earned" DESC NULLS LAST,"yield_reached_at","address") WHERE "players"."yield_earned" > 0;