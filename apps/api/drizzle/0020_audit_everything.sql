ALTER TABLE "audit_log" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "audit_log_organization_id_entity_created_at_index" ON "audit_log" USING btree ("organization_id","entity","created_at");--> statement-breakpoint
-- The activity log is never edited: no UPDATE, and no DELETE but the cascade of its organisation's removal
-- (a cascade runs inside the foreign key's own trigger, so its depth is above one).
CREATE OR REPLACE FUNCTION "audit_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the activity log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_is_append_only"();
