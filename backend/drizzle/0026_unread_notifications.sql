-- The header's unread badge is polled every 30 s while signed in: counting a wallet's unread notifications walked
-- every notification it ever had (notifications_recipient_idx) and dropped the read ones. Building it holds writes to
-- notifications until it is done (see the CHANGELOG's upgrade notes).
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient") WHERE "notifications"."read_at" is null;
