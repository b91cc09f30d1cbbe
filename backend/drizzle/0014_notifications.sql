CREATE TABLE "notification_addresses" (
	"owner" text PRIMARY KEY NOT NULL,
	"email_encrypted" text,
	"language" text DEFAULT 'en' NOT NULL,
	"verified_at" timestamp with time zone,
	"verify_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"owner" text NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	CONSTRAINT "notification_preferences_owner_kind_pk" PRIMARY KEY("owner","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"params" jsonb NOT NULL,
	"secret_encrypted" text,
	"source_event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "notifications_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient","id");--> statement-breakpoint
CREATE INDEX "notifications_due_idx" ON "notifications" USING btree ("next_attempt_at","id") WHERE "notifications"."email_status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notifications_dead_idx" ON "notifications" USING btree ("id") WHERE "notifications"."email_status" = 'dead';--> statement-breakpoint
CREATE INDEX "chain_events_role_idx" ON "chain_events" USING btree ("block_number","log_index") WHERE "chain_events"."event_name" in ('RoleGranted', 'RoleRevoked');