-- The product list at a million products. Each product carries its status on each catalog channel
-- (google_status, microsoft_status, meta_status), so a tab, a search, the filters and the sort are all answered
-- from `products` alone: the tab is an index column, a search's trigram bitmap and the tab's bitmap are ANDed,
-- and a sorted tab reads its own (shop, status, sort key, id) index in keyset order. The columns are kept by a
-- statement-level trigger on product_channel_statuses (one UPDATE per statement, only of products whose status
-- changed), in the same transaction as every status write, whoever writes it.
-- A search looks its words up in a GIN over to_tsvector('simple', search_text) (a few posting lists, where the
-- trigram index of 0008 read one per trigram: ten times the work for a two-word search at a million products);
-- the trigram index goes.
-- Product_channel_statuses gets a GIN index on its issues per channel, for the list's issue filter.
ALTER TABLE "products" ADD COLUMN "google_status" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "microsoft_status" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "meta_status" text;
--> statement-breakpoint
UPDATE "products" p SET
  "google_status" = x.google, "microsoft_status" = x.microsoft, "meta_status" = x.meta
FROM (
  SELECT product_id,
    max(status) FILTER (WHERE channel = 'google') AS google,
    max(status) FILTER (WHERE channel = 'microsoft') AS microsoft,
    max(status) FILTER (WHERE channel = 'meta') AS meta
  FROM product_channel_statuses GROUP BY product_id) x
WHERE p.id = x.product_id;
--> statement-breakpoint
-- Straight from the statement's transition tables (no jsonb in between): inserted statuses, updated ones whose
-- status changed (an issues-only or confirmation update touches no product), deleted ones (back to null). Only
-- products whose columns change are written.
CREATE FUNCTION product_list_status_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE products p SET
      google_status = CASE WHEN x.g THEN NULL ELSE p.google_status END,
      microsoft_status = CASE WHEN x.m THEN NULL ELSE p.microsoft_status END,
      meta_status = CASE WHEN x.f THEN NULL ELSE p.meta_status END
    FROM (
      SELECT product_id, bool_or(channel = 'google') AS g, bool_or(channel = 'microsoft') AS m,
        bool_or(channel = 'meta') AS f
      FROM old_rows GROUP BY product_id) x
    WHERE p.id = x.product_id;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE products p SET
      google_status = coalesce(x.g, p.google_status),
      microsoft_status = coalesce(x.m, p.microsoft_status),
      meta_status = coalesce(x.f, p.meta_status)
    FROM (
      SELECT product_id, max(status) FILTER (WHERE channel = 'google') AS g,
        max(status) FILTER (WHERE channel = 'microsoft') AS m, max(status) FILTER (WHERE channel = 'meta') AS f
      FROM new_rows GROUP BY product_id) x
    WHERE p.id = x.product_id
      AND (p.google_status, p.microsoft_status, p.meta_status) IS DISTINCT FROM
        (coalesce(x.g, p.google_status), coalesce(x.m, p.microsoft_status), coalesce(x.f, p.meta_status));
  ELSE
    UPDATE products p SET
      google_status = coalesce(x.g, p.google_status),
      microsoft_status = coalesce(x.m, p.microsoft_status),
      meta_status = coalesce(x.f, p.meta_status)
    FROM (
      SELECT n.product_id, max(n.status) FILTER (WHERE n.channel = 'google') AS g,
        max(n.status) FILTER (WHERE n.channel = 'microsoft') AS m, max(n.status) FILTER (WHERE n.channel = 'meta') AS f
      FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id AND o.channel = n.channel
      WHERE o.status IS DISTINCT FROM n.status
      GROUP BY n.product_id) x
    WHERE p.id = x.product_id
      AND (p.google_status, p.microsoft_status, p.meta_status) IS DISTINCT FROM
        (coalesce(x.g, p.google_status), coalesce(x.m, p.microsoft_status), coalesce(x.f, p.meta_status));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_list_status_ins AFTER INSERT ON "product_channel_statuses"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_status_track();
--> statement-breakpoint
CREATE TRIGGER product_list_status_upd AFTER UPDATE ON "product_channel_statuses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_status_track();
--> statement-breakpoint
CREATE TRIGGER product_list_status_del AFTER DELETE ON "product_channel_statuses"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_list_status_track();
--> statement-breakpoint
-- A status tab sorted by creation, by brand, by product type: one index each per catalog channel, read in keyset
-- order (and ANDed with the search's trigram bitmap when there is a search).
CREATE INDEX "products_google_status_index" ON "products" ("shop_id", "google_status", "id");
--> statement-breakpoint
CREATE INDEX "products_google_status_brand_index" ON "products" ("shop_id", "google_status", "sort_brand", "id");
--> statement-breakpoint
CREATE INDEX "products_google_status_type_index" ON "products" ("shop_id", "google_status", "sort_product_type", "id");
--> statement-breakpoint
CREATE INDEX "products_microsoft_status_index" ON "products" ("shop_id", "microsoft_status", "id");
--> statement-breakpoint
CREATE INDEX "products_microsoft_status_brand_index" ON "products" ("shop_id", "microsoft_status", "sort_brand", "id");
--> statement-breakpoint
CREATE INDEX "products_microsoft_status_type_index" ON "products" ("shop_id", "microsoft_status", "sort_product_type", "id");
--> statement-breakpoint
CREATE INDEX "products_meta_status_index" ON "products" ("shop_id", "meta_status", "id");
--> statement-breakpoint
CREATE INDEX "products_meta_status_brand_index" ON "products" ("shop_id", "meta_status", "sort_brand", "id");
--> statement-breakpoint
CREATE INDEX "products_meta_status_type_index" ON "products" ("shop_id", "meta_status", "sort_product_type", "id");
--> statement-breakpoint
CREATE INDEX "products_search_words_index" ON "products" USING gin (to_tsvector('simple', "search_text"));
--> statement-breakpoint
DROP INDEX "products_search_trgm_index";
--> statement-breakpoint
-- The old tab index (shop, channel, status, product_id) stays: the dashboard and the sync read statuses by it.
-- Keyed {channel: issues}: jsonb_path_ops hashes the whole path, channel included, so an issue filter reads only
-- its channel's postings.
CREATE INDEX "product_channel_statuses_issues_index" ON "product_channel_statuses"
  USING gin ((jsonb_set('{}'::jsonb, ARRAY["channel"], "issues")) jsonb_path_ops);
