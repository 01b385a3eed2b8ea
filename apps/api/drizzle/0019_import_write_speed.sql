-- Issue 10: what every imported product costs the database to write. Each index of products and
-- product_channel_statuses is written once per imported product (or status row), so indexes that are larger
-- than what they serve cost the import its throughput:
-- 1. The product list's exact variant search (spec §5: offer id, SKU, GTIN, MPN, title and variant title of a
--    variant equal to the search) used a GIN over all of `variants` (jsonb_path_ops: one entry per attribute
--    value of every variant, images and prices included). It now indexes just those six fields' values, half
--    the entries; products/repo.ts searches `product_variant_keys(variants) @> '["term"]'`.
-- 2. product_channel_statuses' (channel, status) index served no query (each reader narrows by product or
--    shop first) and goes.
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
