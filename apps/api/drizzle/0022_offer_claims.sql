-- An offer id (a product key) that two data sources of one shop bring stays with the source that brought it
-- first: each other source that brings it is recorded here, shown on the product and reported by the import,
-- instead of the product changing hands on every import.
CREATE TABLE "product_offer_claims" (
	"shop_id" uuid NOT NULL,
	"product_key" text NOT NULL,
	"data_source_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_offer_claims_shop_id_product_key_data_source_id_pk" PRIMARY KEY("shop_id","product_key","data_source_id")
);
--> statement-breakpoint
ALTER TABLE "product_offer_claims" ADD CONSTRAINT "product_offer_claims_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_offer_claims" ADD CONSTRAINT "product_offer_claims_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_offer_claims_data_source_id_index" ON "product_offer_claims" USING btree ("data_source_id");
