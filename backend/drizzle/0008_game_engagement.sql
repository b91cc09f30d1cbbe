CREATE TABLE "achievements" (
	"address" text NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_address_achievement_id_pk" PRIMARY KEY("address","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "player_commodities" (
	"address" text NOT NULL,
	"commodity" text NOT NULL,
	CONSTRAINT "player_commodities_address_commodity_pk" PRIMARY KEY("address","commodity")
);
--> statement-breakpoint
CREATE TABLE "season_podiums" (
	"season" text NOT NULL,
	"rank" integer NOT NULL,
	"address" text NOT NULL,
	"xp" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "season_podiums_season_rank_pk" PRIMARY KEY("season","rank")
);
--> statement-breakpoint
CREATE TABLE "season_scores" (
	"season" text NOT NULL,
	"address" text NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "season_scores_season_address_pk" PRIMARY KEY("season","address")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "best_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "streak_day" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "waterings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "plantings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "harvests_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "commodities_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "quest_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "quest_day" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "quest_progress" integer[] DEFAULT '{0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "season" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "season_xp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "season_reached_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "plant_xp_day" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "plant_xp_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "season_scores_rank_idx" ON "season_scores" USING btree ("season","xp" DESC NULLS LAST,"reached_at","address");--> statement-breakpoint
CREATE INDEX "players_season_rank_idx" ON "players" USING btree ("season","season_xp" DESC NULLS LAST,"season_reached_at","address");--> statement-breakpoint
-- Players who reached these levels before achievements existed get them now (later ones unlock as thresholds are crossed).
INSERT INTO "achievements" ("address", "achievement_id") SELECT "address", 'level-5' FROM "players" WHERE "level" >= 5;--> statement-breakpoint
INSERT INTO "achievements" ("address", "achievement_id") SELECT "address", 'level-10' FROM "players" WHERE "level" >= 10;
