CREATE TABLE "product_resubmissions" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"fields" text[] NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_resubmissions" ADD CONSTRAINT "product_resubmissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_resubmissions" ADD CONSTRAINT "product_resubmissions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;