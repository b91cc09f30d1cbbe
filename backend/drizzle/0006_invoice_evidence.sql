CREATE TABLE "invoice_confirmation_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invoice_confirmation_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"admin_address" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"buyer_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_invoices" ADD COLUMN "document_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_contact_encrypted" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_decision" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_decision_method" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_signer" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_signature" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_note" text;--> statement-breakpoint
ALTER TABLE "invoice_confirmation_links" ADD CONSTRAINT "invoice_confirmation_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reviews" ADD CONSTRAINT "invoice_reviews_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_confirmation_links_invoice_idx" ON "invoice_confirmation_links" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_invoice_kind_unique" ON "invoice_documents" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "invoice_reviews_invoice_idx" ON "invoice_reviews" USING btree ("invoice_id","created_at");