ALTER TABLE "invoice_reviews" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "invoice_reviews" ADD COLUMN "block_number" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reviews_tx_hash_idx" ON "invoice_reviews" USING btree ("tx_hash");