CREATE TABLE "product_status_counts" (
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_status_counts_shop_id_channel_status_pk" PRIMARY KEY("shop_id","channel","status")
);
--> statement-breakpoint
ALTER TABLE "product_status_counts" ADD CONSTRAINT "product_status_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;