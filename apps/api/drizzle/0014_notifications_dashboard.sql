CREATE TABLE "announcement_states" (
	"announcement_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"dismissed_until" timestamp with time zone,
	CONSTRAINT "announcement_states_announcement_id_shop_id_pk" PRIMARY KEY("announcement_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_api_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"retried" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"shop_id" uuid NOT NULL,
	"notification_type" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_mails_shop_id_notification_type_pk" PRIMARY KEY("shop_id","notification_type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"category" text NOT NULL,
	"notification_type" text NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"dismissed_until" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_status_snapshots" (
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_status_snapshots_shop_id_channel_day_status_pk" PRIMARY KEY("shop_id","channel","day","status")
);
--> statement-breakpoint
ALTER TABLE "announcement_states" ADD CONSTRAINT "announcement_states_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_states" ADD CONSTRAINT "announcement_states_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_api_calls" ADD CONSTRAINT "channel_api_calls_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_status_snapshots" ADD CONSTRAINT "product_status_snapshots_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_key_index" ON "announcements" USING btree ("key");--> statement-breakpoint
CREATE INDEX "channel_api_calls_shop_id_at_index" ON "channel_api_calls" USING btree ("shop_id","at");--> statement-breakpoint
CREATE INDEX "notifications_shop_id_created_at_index" ON "notifications" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_shop_id_subject_index" ON "notifications" USING btree ("shop_id","subject");