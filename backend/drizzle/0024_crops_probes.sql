-- A crop's "invested" (a wallet's sum in one invoice) as one probe of (investor, token_id), not the investor and
-- token indexes ANDed; the new index serves every read of the old one (its leading column), so a write updates as
-- many indexes as before.
CREATE INDEX "chain_investments_investor_token_idx" ON "chain_investments" USING btree ("investor","token_id");--> statement-breakpoint
DROP INDEX "chain_investments_investor_idx";