CREATE TABLE "level_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"level" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"address" text PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"water" integer NOT NULL,
	"water_day" integer NOT NULL,
	"display_name" text,
	"avatar" text,
	"xp_reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invested" numeric(78, 0) DEFAULT 0 NOT NULL,
	"invested_reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"yield_earned" numeric(78, 0) DEFAULT 0 NOT NULL,
	"yield_reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waterings" (
	"address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"day" integer NOT NULL,
	"xp_gained" integer NOT NULL,
	"watered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waterings_address_token_id_day_pk" PRIMARY KEY("address","token_id","day")
);
--> statement-breakpoint
CREATE TABLE "xp_grants" (
	"event_key" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"xp" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "level_ups_address_time_idx" ON "level_ups" USING btree ("address","reached_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_display_name_idx" ON "players" USING btree (lower("display_name"));--> statement-breakpoint
CREATE INDEX "players_xp_rank_idx" ON "players" USING btree ("xp" DESC NULLS LAST,"xp_reached_at","address");--> statement-breakpoint
CREATE INDEX "players_invested_rank_idx" ON "players" USING btree ("invested" DESC NULLS LAST,"invested_reached_at","address");--> statement-breakpoint
CREATE INDEX "players_yield_rank_idx" ON "players" USING btree ("yield_earned" DESC NULLS LAST,"yield_reached_at","address");--> statement-breakpoint
CREATE INDEX "waterings_address_time_idx" ON "waterings" USING btree ("address","watered_at");