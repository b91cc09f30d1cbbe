CREATE TABLE "garden_layouts" (
	"address" text PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_pass_tiers" (
	"address" text NOT NULL,
	"season" text NOT NULL,
	"tier" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "season_pass_tiers_address_season_tier_pk" PRIMARY KEY("address","season","tier")
);
--> statement-breakpoint
-- The season pass trigger, written by @farm/core seasonPassTriggerSql (season-pass.ts); a test holds this text to it.
CREATE FUNCTION record_season_pass_tiers_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into season_pass_tiers (address, season, tier, reached_at)
      select new.address, new.season, t.tier, new.season_reached_at from (values (1, 50), (2, 150), (3, 300)) as t(tier, xp)
      where (case when old.season = new.season then old.season_xp else 0 end) < t.xp and new.season_xp >= t.xp
      on conflict do nothing;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION record_season_pass_tiers_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  insert into season_pass_tiers (address, season, tier, reached_at)
      select new.address, new.season, t.tier, new.season_reached_at from (values (1, 50), (2, 150), (3, 300)) as t(tier, xp)
      where 0 < t.xp and new.season_xp >= t.xp
      on conflict do nothing;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER players_season_pass_on_update AFTER UPDATE OF season, season_xp ON players
  FOR EACH ROW WHEN (new.season <> '' and (((case when old.season = new.season then old.season_xp else 0 end) < 50 and new.season_xp >= 50) or ((case when old.season = new.season then old.season_xp else 0 end) < 150 and new.season_xp >= 150) or ((case when old.season = new.season then old.season_xp else 0 end) < 300 and new.season_xp >= 300))) EXECUTE FUNCTION record_season_pass_tiers_on_update();--> statement-breakpoint
CREATE TRIGGER players_season_pass_on_insert AFTER INSERT ON players
  FOR EACH ROW WHEN (new.season <> '' and ((0 < 50 and new.season_xp >= 50) or (0 < 150 and new.season_xp >= 150) or (0 < 300 and new.season_xp >= 300))) EXECUTE FUNCTION record_season_pass_tiers_on_insert();--> statement-breakpoint
INSERT INTO season_pass_tiers (address, season, tier, reached_at)
  SELECT p.address, p.season, t.tier, p.season_reached_at FROM players p CROSS JOIN (values (1, 50), (2, 150), (3, 300)) as t(tier, xp)
  WHERE p.season = to_char((now()) at time zone 'UTC', 'IYYY-"W"IW') AND p.season_xp >= t.xp
  ON CONFLICT DO NOTHING;
