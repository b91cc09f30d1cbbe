CREATE TABLE "farmer_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farmer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmer_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"farmer_id" uuid NOT NULL,
	"admin_address" text NOT NULL,
	"action" text NOT NULL,
	"status_before" text NOT NULL,
	"status_after" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farmers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_address" text NOT NULL,
	"status" text NOT NULL,
	"full_name" text NOT NULL,
	"nik_encrypted" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"street" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"district" text NOT NULL,
	"postal_code" text NOT NULL,
	"business_name" text NOT NULL,
	"business_type" text NOT NULL,
	"npwp_encrypted" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account_encrypted" text NOT NULL,
	"bank_account_holder" text NOT NULL,
	"crops" jsonb NOT NULL,
	"land_area_hectares" numeric(12, 2) NOT NULL,
	"years_farming" integer NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
ALTER TABLE "farmer_documents" ADD CONSTRAINT "farmer_documents_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farmer_reviews" ADD CONSTRAINT "farmer_reviews_farmer_id_farmers_id_fk" FOREIGN KEY ("farmer_id") REFERENCES "public"."farmers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "farmer_documents_farmer_kind_unique" ON "farmer_documents" USING btree ("farmer_id","kind");--> statement-breakpoint
CREATE INDEX "farmer_reviews_farmer_idx" ON "farmer_reviews" USING btree ("farmer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "farmers_wallet_address_unique" ON "farmers" USING btree ("wallet_address");--> statement-breakpoint
CREATE INDEX "farmers_status_submitted_idx" ON "farmers" USING btree ("status","submitted_at","id");