CREATE TABLE "chain_events" (
	"id" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"contract" text NOT NULL,
	"event_name" text NOT NULL,
	"token_id" numeric(78, 0),
	"args" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_faucet_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"next_claim_at" timestamp with time zone NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_harvests" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"holder" text NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	"principal" numeric(78, 0) NOT NULL,
	"yield" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_investments" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"investor" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"reserved_yield" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_invoices" (
	"token_id" numeric(78, 0) PRIMARY KEY NOT NULL,
	"farmer" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"funded" numeric(78, 0) NOT NULL,
	"repaid" numeric(78, 0) NOT NULL,
	"yield_bps" integer NOT NULL,
	"tenor_days" integer NOT NULL,
	"funding_deadline" timestamp with time zone NOT NULL,
	"funded_at" timestamp with time zone,
	"maturity" timestamp with time zone,
	"status" text NOT NULL,
	"reference_hash" text NOT NULL,
	"recovered" numeric(78, 0) NOT NULL,
	"rejection_reason" text,
	"submitted_block" bigint NOT NULL,
	"updated_block" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_positions" (
	"token_id" numeric(78, 0) NOT NULL,
	"holder" text NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	CONSTRAINT "chain_positions_token_id_holder_pk" PRIMARY KEY("token_id","holder")
);
--> statement-breakpoint
CREATE TABLE "chain_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"holder" text NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	"released_yield" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_repayments" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"payer" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"total_repaid" numeric(78, 0) NOT NULL,
	"fully_repaid" boolean NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_share_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_vault_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_id" numeric(78, 0),
	"account" text,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexer_blocks" (
	"chain_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "indexer_blocks_chain_id_block_number_pk" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
CREATE TABLE "indexer_cursor" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_id" numeric(78, 0),
	"farmer_id" uuid NOT NULL,
	"farmer_address" text NOT NULL,
	"invoice_number" text NOT NULL,
	"buyer_name" text NOT NULL,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"reference_hash" text NOT NULL,
	"idempotency_key" text,
	"submission_state" text NOT NULL,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_token_id_unique" UNIQUE("token_id"),
	CONSTRAINT "invoices_reference_hash_unique" UNIQUE("reference_hash")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_events_block_idx" ON "chain_events" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_events_token_idx" ON "chain_events" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "chain_faucet_claims_account_idx" ON "chain_faucet_claims" USING btree ("account");--> statement-breakpoint
CREATE INDEX "chain_faucet_claims_block_idx" ON "chain_faucet_claims" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_harvests_holder_idx" ON "chain_harvests" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "chain_harvests_block_idx" ON "chain_harvests" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_investments_investor_idx" ON "chain_investments" USING btree ("investor");--> statement-breakpoint
CREATE INDEX "chain_investments_token_idx" ON "chain_investments" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "chain_investments_block_idx" ON "chain_investments" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_invoices_status_idx" ON "chain_invoices" USING btree ("status");--> statement-breakpoint
CREATE INDEX "chain_invoices_farmer_idx" ON "chain_invoices" USING btree ("farmer");--> statement-breakpoint
CREATE INDEX "chain_positions_holder_idx" ON "chain_positions" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "chain_refunds_holder_idx" ON "chain_refunds" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "chain_refunds_block_idx" ON "chain_refunds" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_repayments_block_idx" ON "chain_repayments" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_share_transfers_block_idx" ON "chain_share_transfers" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_vault_flows_block_idx" ON "chain_vault_flows" USING btree ("block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_idx" ON "invoices" USING btree ("farmer_id","idempotency_key") WHERE "invoices"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "invoices_farmer_idx" ON "invoices" USING btree ("farmer_id");