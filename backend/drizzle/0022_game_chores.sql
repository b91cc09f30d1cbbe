CREATE TABLE "game_visits" (
	"address" text NOT NULL,
	"day" integer NOT NULL,
	"place" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_visits_address_day_place_subject_pk" PRIMARY KEY("address","day","place","subject")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "quest_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "quest_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "chore_week" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "chore_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "chore_progress" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "chore_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "game_visits_address_time_idx" ON "game_visits" USING btree ("address","visited_at");