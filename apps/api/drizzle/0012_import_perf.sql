-- Import pipeline: a product whose rows are apart in the file arrives in pieces; each piece a run
-- merged is kept in import_run_items (piece = its first row number, 0 for the product itself), so a retried
-- run skips it. The run counts what it changed on its own row, in the batch's transaction.
ALTER TABLE "import_run_items" ADD COLUMN "piece" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_run_items" DROP CONSTRAINT "import_run_items_run_id_product_key_pk";--> statement-breakpoint
ALTER TABLE "import_run_items" ADD CONSTRAINT "import_run_items_run_id_product_key_piece_pk" PRIMARY KEY("run_id","product_key","piece");--> statement-breakpoint
ALTER TABLE "import_run_items" DROP COLUMN "changed";
