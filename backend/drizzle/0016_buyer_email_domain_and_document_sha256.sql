ALTER TABLE "invoices" ADD COLUMN "buyer_email_domain" text;--> statement-breakpoint
CREATE INDEX "invoice_documents_sha256_idx" ON "invoice_documents" USING btree ("sha256");