CREATE TABLE "chain_credentials" (
	"wallet" text PRIMARY KEY NOT NULL,
	"tier" integer NOT NULL,
	"valid_until" bigint NOT NULL,
	"frozen" boolean NOT NULL,
	"limit" numeric(78, 0) NOT NULL,
	"updated_block" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"wallet_address" text NOT NULL,
	"admin_address" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text NOT NULL,
	"full_name_encrypted" text NOT NULL,
	"nik_encrypted" text NOT NULL,
	"nik_hash" text NOT NULL,
	"date_of_birth_encrypted" text NOT NULL,
	"annual_income_rupiah" numeric(30, 0) NOT NULL,
	"tier" text NOT NULL,
	"professional_reason" text,
	"ktp_storage_key" text NOT NULL,
	"ktp_content_type" text NOT NULL,
	"ktp_size_bytes" integer NOT NULL,
	"ktp_sha256" text NOT NULL,
	"ktp_uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"credential_tx_hash" text,
	"valid_until" bigint,
	"limit_base_units" numeric(78, 0),
	"chain_action" jsonb
);
--> statement-breakpoint
CREATE TABLE "risk_acceptances" (
	"wallet_address" text NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investor_reviews" ADD CONSTRAINT "investor_reviews_verification_id_investor_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."investor_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_reviews_created_idx" ON "investor_reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investor_reviews_wallet_idx" ON "investor_reviews" USING btree ("wallet_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investor_verifications_nik_active_unique" ON "investor_verifications" USING btree ("nik_hash") WHERE "investor_verifications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "investor_verifications_wallet_pending_unique" ON "investor_verifications" USING btree ("wallet_address") WHERE "investor_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "investor_verifications_wallet_idx" ON "investor_verifications" USING btree ("wallet_address","submitted_at");--> statement-breakpoint
CREATE INDEX "investor_verifications_status_idx" ON "investor_verifications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_acceptances_wallet_version_unique" ON "risk_acceptances" USING btree ("wallet_address","version");