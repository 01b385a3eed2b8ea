ALTER TABLE "import_run_items" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "import_run_items" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "report_file_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "head_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "head_variants" integer;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_report_file_id_import_files_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."import_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The import writes each status with its shop_id: the per-row fill trigger is now only called for a writer
-- that leaves shop_id out (a plpgsql call per row cost about a third of the import's status insert).
DROP TRIGGER IF EXISTS product_status_fill_shop ON "product_channel_statuses";
--> statement-breakpoint
CREATE TRIGGER product_status_fill_shop BEFORE INSERT ON "product_channel_statuses"
  FOR EACH ROW WHEN (NEW.shop_id IS NULL) EXECUTE FUNCTION product_status_fill_shop();
