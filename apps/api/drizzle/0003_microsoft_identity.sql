-- Identities are keyed by (provider, issuer, tenant, subject) instead of (provider, sub). Rows linked before
-- this keep their provider `sub` in "subject" and get issuer '' and tenant '' here: the next sign-in with that
-- identity finds them by `sub` and fills in the ID token's issuer, Microsoft's tid and oid (service.ts).
CREATE TABLE "social_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"tenant_id" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"organization_id" text,
	"staff_id" text,
	"browser_token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"code_sent_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "user_identities_provider_subject_key";--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "issuer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "tenant_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "social_signups_identity_key" ON "social_signups" USING btree ("provider","issuer","tenant_id","subject");--> statement-breakpoint
CREATE INDEX "social_signups_expires_at_index" ON "social_signups" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_identity_key" ON "user_identities" USING btree ("provider","issuer","tenant_id","subject");