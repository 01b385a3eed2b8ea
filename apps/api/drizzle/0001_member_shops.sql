CREATE TABLE "member_shops" (
	"member_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	CONSTRAINT "member_shops_member_id_shop_id_pk" PRIMARY KEY("member_id","shop_id")
);
--> statement-breakpoint
CREATE TABLE "staff_shops" (
	"staff_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	CONSTRAINT "staff_shops_staff_id_shop_id_pk" PRIMARY KEY("staff_id","shop_id")
);
--> statement-breakpoint
ALTER TABLE "organization_members" ADD COLUMN "is_for_entire_organization" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "member_shops" ADD CONSTRAINT "member_shops_member_id_organization_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."organization_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_shops" ADD CONSTRAINT "member_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shops" ADD CONSTRAINT "staff_shops_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_shops" ADD CONSTRAINT "staff_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_shops_shop_id_index" ON "member_shops" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "staff_shops_shop_id_index" ON "staff_shops" USING btree ("shop_id");--> statement-breakpoint
-- Backfill: a null shop list meant the entire organisation; listed shops that still exist become rows.
UPDATE "organization_members" SET "is_for_entire_organization" = ("shop_ids" IS NULL OR "is_owner");--> statement-breakpoint
INSERT INTO "member_shops" ("member_id", "shop_id")
SELECT m."id", s."id" FROM "organization_members" m
CROSS JOIN LATERAL jsonb_array_elements_text(m."shop_ids") AS e(value)
JOIN "shops" s ON s."id"::text = e.value AND s."organization_id" = m."organization_id"
WHERE m."shop_ids" IS NOT NULL AND NOT m."is_owner"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "staff_shops" ("staff_id", "shop_id")
SELECT st."id", s."id" FROM "staff" st
CROSS JOIN LATERAL jsonb_array_elements_text(st."shop_ids") AS e(value)
JOIN "shops" s ON s."id"::text = e.value AND s."organization_id" = st."organization_id"
ON CONFLICT DO NOTHING;
