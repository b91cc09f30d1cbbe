CREATE TABLE "chain_market_cancels" (
	"id" text PRIMARY KEY NOT NULL,
	"signer" text NOT NULL,
	"nonce" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_market_fills" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"signer" text NOT NULL,
	"seller" text NOT NULL,
	"buyer" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"nonce" numeric(78, 0) NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	"cost" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signer" text NOT NULL,
	"nonce" numeric(78, 0) NOT NULL,
	"side" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"shares" numeric(78, 0) NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"expiry" numeric(78, 0) NOT NULL,
	"signature" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filled_shares" numeric(78, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chain_market_cancels_order_idx" ON "chain_market_cancels" USING btree ("signer","nonce");--> statement-breakpoint
CREATE INDEX "chain_market_cancels_block_idx" ON "chain_market_cancels" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "chain_market_fills_order_idx" ON "chain_market_fills" USING btree ("signer","nonce");--> statement-breakpoint
CREATE INDEX "chain_market_fills_seller_idx" ON "chain_market_fills" USING btree ("seller");--> statement-breakpoint
CREATE INDEX "chain_market_fills_buyer_idx" ON "chain_market_fills" USING btree ("buyer");--> statement-breakpoint
CREATE INDEX "chain_market_fills_block_idx" ON "chain_market_fills" USING btree ("block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "market_orders_signer_nonce_unique" ON "market_orders" USING btree ("signer","nonce");--> statement-breakpoint
CREATE INDEX "market_orders_listings_token_idx" ON "market_orders" USING btree ("token_id","price","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "market_orders"."side" = 'listing' and "market_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_orders_listings_idx" ON "market_orders" USING btree ("price","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "market_orders"."side" = 'listing' and "market_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_orders_offers_token_idx" ON "market_orders" USING btree ("token_id","price" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "market_orders"."side" = 'offer' and "market_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_orders_offers_idx" ON "market_orders" USING btree ("price" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "market_orders"."side" = 'offer' and "market_orders"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_orders_signer_created_idx" ON "market_orders" USING btree ("signer","created_at");--> statement-breakpoint
CREATE INDEX "chain_events_market_fee_idx" ON "chain_events" USING btree ("block_number","log_index") WHERE "chain_events"."contract" = 'farmMarket' and "chain_events"."event_name" = 'FeeSet';