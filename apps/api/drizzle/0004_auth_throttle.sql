CREATE TABLE "auth_throttles" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_throttles_kind_subject_pk" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
CREATE INDEX "auth_throttles_expires_at_index" ON "auth_throttles" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "email_otps" DROP COLUMN "attempts";