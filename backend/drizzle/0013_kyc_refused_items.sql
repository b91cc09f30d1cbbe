ALTER TABLE "farmer_reviews" ADD COLUMN "refused_items" jsonb;--> statement-breakpoint
ALTER TABLE "farmers" ADD COLUMN "refused_items" jsonb;