ALTER TABLE "channel_connections" ADD COLUMN "feed_schedule" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "feed_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "feed_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;