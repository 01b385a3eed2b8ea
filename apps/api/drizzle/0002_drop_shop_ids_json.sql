ALTER TABLE "organization_members" DROP COLUMN "shop_ids";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "shop_ids";