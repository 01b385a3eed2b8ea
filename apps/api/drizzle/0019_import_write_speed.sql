-- What every imported product costs the database to write. Each index and check of products and
-- product_channel_statuses runs once per imported product (or status row), so those larger than what they
-- serve cost the import its throughput:
-- 1. The product list's exact variant search (offer id, SKU, GTIN, MPN, title and variant title of a
--    variant equal to the search) used a GIN over all of `variants` (jsonb_path_ops: one entry per attribute
--    value of every variant, images and prices included). It now indexes just those six fields' values, half
--    the entries; products/repo.ts searches `product_variant_keys(variants) @> '["term"]'`.
-- 2. product_channel_statuses' (channel, status) index served no query (each reader narrows by product or
--    shop first) and goes.
-- 3. product_channel_statuses' foreign key to products checked each status row by locking its product row
--    (FOR KEY SHARE), so every imported product was rewritten once per channel: it made writing the statuses
--    twice as slow. Statuses are written only for products in hand (in the writer's transaction); a deleted
--    product's statuses go with it by a statement-level trigger, as the cascade did.
ALTER TABLE "product_channel_statuses" DROP CONSTRAINT "product_channel_statuses_product_id_products_id_fk";
--> statement-breakpoint
CREATE FUNCTION product_statuses_cascade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_channel_statuses s USING old_rows o WHERE s.product_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_statuses_cascade AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_statuses_cascade();
--> statement-breakpoint
DROP INDEX "product_channel_statuses_channel_status_index";--> statement-breakpoint
CREATE FUNCTION product_variant_keys(variants jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_path_query_array(variants, '$[*].offer_id')
    || jsonb_path_query_array(variants, '$[*].source.sku')
    || jsonb_path_query_array(variants, '$[*].source.gtin')
    || jsonb_path_query_array(variants, '$[*].source.mpn')
    || jsonb_path_query_array(variants, '$[*].source.title')
    || jsonb_path_query_array(variants, '$[*].source.variant_title')
$$;
--> statement-breakpoint
CREATE INDEX "products_variant_keys_index" ON "products" USING gin (product_variant_keys("variants") jsonb_path_ops);
--> statement-breakpoint
DROP INDEX "products_variants_index";
