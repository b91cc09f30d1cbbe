DROP INDEX "chain_invoices_status_idx";--> statement-breakpoint
DROP INDEX "chain_invoices_farmer_idx";--> statement-breakpoint
CREATE INDEX "chain_invoices_status_token_idx" ON "chain_invoices" USING btree ("status","token_id");--> statement-breakpoint
CREATE INDEX "chain_invoices_farmer_token_idx" ON "chain_invoices" USING btree ("farmer","token_id");