ALTER TABLE "chain_invoices" ADD COLUMN "settleable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_invoices" ADD COLUMN "withdrawal_reason" text;