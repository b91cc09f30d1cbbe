-- "Invested" is GOLD put in by invest less refunds: refunds indexed before the game hook counted them come off once,
-- each marked granted so the hook never takes it off again.
INSERT INTO "xp_grants" ("event_key", "address", "xp", "granted_at")
SELECT 'refund:' || "id", "holder", 0, "block_time" FROM "chain_refunds"
ON CONFLICT ("event_key") DO NOTHING;
--> statement-breakpoint
UPDATE "players" SET "invested" = greatest("players"."invested" - r."shares", 0)
FROM (SELECT "holder", sum("shares") AS "shares" FROM "chain_refunds" GROUP BY "holder") r
WHERE "players"."address" = r."holder";
