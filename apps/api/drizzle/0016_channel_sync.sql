CREATE TABLE "channel_items" (
	"connection_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"product_id" bigint NOT NULL,
	"content_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sends_day" text NOT NULL,
	"sends_today" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "channel_items_connection_id_offer_id_pk" PRIMARY KEY("connection_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "channel_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"considered" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"api_calls" integer DEFAULT 0 NOT NULL,
	"gate" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "product_channel_statuses" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "feed_token_sealed" text;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "remote_data_source" text;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "sync_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_connections" ADD COLUMN "last_status_pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_items" ADD CONSTRAINT "channel_items_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_runs" ADD CONSTRAINT "channel_sync_runs_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_runs" ADD CONSTRAINT "channel_sync_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sync_runs" ADD CONSTRAINT "channel_sync_runs_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_items_connection_id_product_id_index" ON "channel_items" USING btree ("connection_id","product_id");--> statement-breakpoint
CREATE INDEX "channel_sync_runs_connection_id_started_at_index" ON "channel_sync_runs" USING btree ("connection_id","started_at");--> statement-breakpoint
CREATE INDEX "channel_sync_runs_status_index" ON "channel_sync_runs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_feed_token_hash_key" ON "channel_connections" USING btree ("feed_token_hash");--> statement-breakpoint
-- Hand-written: the sync tick asks each minute whether a connected shop's products changed since its last
-- sync started (an edit reaches the channel within a minute); this index answers without a scan.
CREATE INDEX IF NOT EXISTS "products_shop_updated_index" ON "products" USING btree ("shop_id","updated_at");
