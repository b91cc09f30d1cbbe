ALTER TABLE "chain_invoices" ADD COLUMN "recovered_fee" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_invoices" ADD COLUMN "grace_days" integer;--> statement-breakpoint
ALTER TABLE "chain_investments" DROP COLUMN "reserved_yield";--> statement-breakpoint
ALTER TABLE "chain_refunds" DROP COLUMN "released_yield";