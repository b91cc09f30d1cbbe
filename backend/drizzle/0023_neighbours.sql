CREATE TABLE "garden_helps" (
	"helper" text NOT NULL,
	"owner" text NOT NULL,
	"day" integer NOT NULL,
	"helper_xp" integer NOT NULL,
	"owner_xp" integer NOT NULL,
	"helped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garden_helps_helper_owner_day_pk" PRIMARY KEY("helper","owner","day")
);
--> statement-breakpoint
CREATE TABLE "neighbours" (
	"address" text PRIMARY KEY NOT NULL,
	"garden_public" boolean DEFAULT false NOT NULL,
	"garden_slug" text,
	"help_day" integer DEFAULT -1 NOT NULL,
	"helps_given" integer DEFAULT 0 NOT NULL,
	"helps_rewarded" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"address" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_rewards" (
	"address" text NOT NULL,
	"week" text NOT NULL,
	"reward" text NOT NULL,
	"team_id" uuid NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_rewards_address_week_pk" PRIMARY KEY("address","week")
);
--> statement-breakpoint
CREATE TABLE "team_weeks" (
	"team_id" uuid NOT NULL,
	"week" text NOT NULL,
	"goal" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_weeks_team_id_week_pk" PRIMARY KEY("team_id","week")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"invite_code" text NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "garden_helps_owner_day_idx" ON "garden_helps" USING btree ("owner","day");--> statement-breakpoint
CREATE INDEX "garden_helps_helper_time_idx" ON "garden_helps" USING btree ("helper","helped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "neighbours_garden_slug_idx" ON "neighbours" USING btree ("garden_slug");--> statement-breakpoint
CREATE INDEX "team_members_team_idx" ON "team_members" USING btree ("team_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_invite_code_idx" ON "teams" USING btree ("invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_idx" ON "teams" USING btree (lower("name"));