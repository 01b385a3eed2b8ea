CREATE TABLE "product_status_counts" (
	"shop_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_status_counts_shop_id_channel_status_pk" PRIMARY KEY("shop_id","channel","status")
);
--> statement-breakpoint
ALTER TABLE "product_status_counts" ADD CONSTRAINT "product_status_counts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The product list's read side.
-- 1. product_channel_statuses carries its product's shop_id (filled on insert when the writer leaves it out), so
--    tab views are served by one index and counts can be kept per shop even when a product is deleted.
-- 2. product_status_counts is kept current by statement-level triggers (one upsert per statement, whatever
--    the number of rows), in the same transaction as every status write.
-- 3. products gets generated sort and search columns (effective value = override layer, else source) and
--    the indexes of the list views.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "product_channel_statuses" ADD COLUMN "shop_id" uuid;
--> statement-breakpoint
UPDATE "product_channel_statuses" s SET "shop_id" = p."shop_id" FROM "products" p WHERE p."id" = s."product_id";
--> statement-breakpoint
ALTER TABLE "product_channel_statuses" ALTER COLUMN "shop_id" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION product_status_fill_shop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.shop_id IS NULL THEN
    SELECT p.shop_id INTO NEW.shop_id FROM products p WHERE p.id = NEW.product_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_status_fill_shop BEFORE INSERT ON "product_channel_statuses"
  FOR EACH ROW EXECUTE FUNCTION product_status_fill_shop();
--> statement-breakpoint
-- Applies signed deltas. Decrements only update existing rows: while a shop is being deleted its count rows
-- are already gone, and inserting one would point at a deleted shop.
CREATE FUNCTION product_status_counts_apply(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_status_counts AS c (shop_id, channel, status, n)
  SELECT d.shop_id, d.channel, d.status, d.n
  FROM jsonb_to_recordset(deltas) AS d(shop_id uuid, channel text, status text, n int)
  WHERE d.n > 0
  ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, channel, status) DO UPDATE SET n = c.n + excluded.n;
  UPDATE product_status_counts c SET n = c.n + d.n
  FROM jsonb_to_recordset(deltas) AS d(shop_id uuid, channel text, status text, n int)
  WHERE d.n < 0 AND c.shop_id = d.shop_id AND c.channel = d.channel AND c.status = d.status;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_status_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT shop_id, channel, status, count(*)::int AS n FROM new_rows GROUP BY 1, 2, 3) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT shop_id, channel, status, -count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT shop_id, channel, status, sum(n)::int AS n FROM (
        SELECT shop_id, channel, status, 1 AS n FROM new_rows
        UNION ALL
        SELECT shop_id, channel, status, -1 AS n FROM old_rows) u
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM product_status_counts_apply(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_status_counts_ins AFTER INSERT ON "product_channel_statuses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER product_status_counts_upd AFTER UPDATE ON "product_channel_statuses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_track();
--> statement-breakpoint
CREATE TRIGGER product_status_counts_del AFTER DELETE ON "product_channel_statuses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_track();
--> statement-breakpoint
CREATE FUNCTION product_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT shop_id, '*' AS channel, 'all' AS status, count(*)::int AS n FROM new_rows GROUP BY 1) x;
  ELSE
    SELECT jsonb_agg(x) INTO deltas FROM (
      SELECT shop_id, '*' AS channel, 'all' AS status, -count(*)::int AS n FROM old_rows GROUP BY 1) x;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM product_status_counts_apply(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_counts_ins AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
CREATE TRIGGER product_counts_del AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_track();
--> statement-breakpoint
INSERT INTO product_status_counts (shop_id, channel, status, n)
SELECT shop_id, channel, status, count(*)::int FROM product_channel_statuses GROUP BY 1, 2, 3
UNION ALL
SELECT shop_id, '*', 'all', count(*)::int FROM products GROUP BY 1;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_brand" text GENERATED ALWAYS AS (
  lower(left(coalesce(coalesce("custom" -> 'overrides' -> 'brand', "source" -> 'brand') #>> '{}', ''), 200))) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_product_type" text GENERATED ALWAYS AS (
  lower(left(coalesce(coalesce("custom" -> 'overrides' -> 'product_type', "source" -> 'product_type') #>> '{}', ''), 200))) STORED;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
  coalesce(coalesce("custom" -> 'overrides' -> 'title', "source" -> 'title') #>> '{}', '') || ' ' ||
  coalesce(coalesce("custom" -> 'overrides' -> 'sku', "source" -> 'sku') #>> '{}', '') || ' ' ||
  coalesce(coalesce("custom" -> 'overrides' -> 'brand', "source" -> 'brand') #>> '{}', '') || ' ' ||
  coalesce(coalesce("custom" -> 'overrides' -> 'gtin', "source" -> 'gtin') #>> '{}', '') || ' ' ||
  "offer_id")) STORED;
--> statement-breakpoint
CREATE INDEX "products_shop_id_id_index" ON "products" ("shop_id", "id");
--> statement-breakpoint
CREATE INDEX "products_shop_brand_index" ON "products" ("shop_id", "sort_brand", "id");
--> statement-breakpoint
CREATE INDEX "products_shop_product_type_index" ON "products" ("shop_id", "sort_product_type", "id");
--> statement-breakpoint
CREATE INDEX "products_search_trgm_index" ON "products" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_variants_index" ON "products" USING gin ("variants" jsonb_path_ops);
--> statement-breakpoint
CREATE INDEX "product_channel_statuses_tab_index" ON "product_channel_statuses" ("shop_id", "channel", "status", "product_id");
