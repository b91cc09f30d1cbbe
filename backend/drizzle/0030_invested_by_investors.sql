-- "Invested" loses a refunded invoice's investments from the wallets that made them, whoever refunds (a refund used to
-- come off the refunding holder's score only, so shares handed to another wallet before a cancellation kept the
-- investor's score). Each investment of an invoice refunded before is marked taken back once, and the scores of the
-- wallets those refunds touched are recomputed under that rule; the old 'refund:<event>' keys stay (expand-only).
INSERT INTO "xp_grants" ("event_key", "address", "xp", "granted_at")
SELECT 'refunded:' || i."id", i."investor", 0, now() FROM "chain_investments" i
WHERE i."token_id" IN (SELECT "token_id" FROM "chain_refunds")
ORDER BY 1
ON CONFLICT ("event_key") DO NOTHING;
--> statement-breakpoint
UPDATE "players" SET "invested" = coalesce((
  SELECT sum(i."amount") FROM "chain_investments" i
  WHERE i."investor" = "players"."address"
    AND NOT EXISTS (SELECT 1 FROM "chain_refunds" r WHERE r."token_id" = i."token_id")
), 0)
WHERE "players"."address" IN (
  SELECT "holder" FROM "chain_refunds"
  UNION SELECT i."investor" FROM "chain_investments" i WHERE i."token_id" IN (SELECT "token_id" FROM "chain_refunds")
);
