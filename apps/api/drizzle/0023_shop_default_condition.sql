-- The shop's default condition: the condition of its products whose source and edits give none (a Shopify
-- export's condition column is often empty, and Meta requires one). Existing shops start with 'new'.
ALTER TABLE "shops" ADD COLUMN "default_condition" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_default_condition_check" CHECK (default_condition in ('new', 'refurbished', 'used'));
