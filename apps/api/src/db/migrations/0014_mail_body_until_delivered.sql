ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "subject_with_secret" text;--> statement-breakpoint
-- Hand-written (ADR 011), for mails written before this change: a queued mail whose nine
-- attempts (its job's 1 + 8 retries) all failed was given up by its job and is marked so; a
-- login code's subject keeps its code only while queued; every mail no longer queued loses its
-- body.
UPDATE "mail_outbox" SET "status" = 'failed' WHERE "status" = 'queued' AND "attempts" >= 9;--> statement-breakpoint
UPDATE "mail_outbox" SET "subject_with_secret" = "subject" WHERE "status" = 'queued' AND "kind" LIKE 'login-code-%' AND "subject" ~ ': [0-9]+$';--> statement-breakpoint
UPDATE "mail_outbox" SET "subject" = regexp_replace("subject", ': [0-9]+$', '') WHERE "kind" LIKE 'login-code-%';--> statement-breakpoint
UPDATE "mail_outbox" SET "html" = NULL, "text" = NULL WHERE "status" <> 'queued';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_body_only_while_queued" CHECK (("mail_outbox"."status" = 'queued') = ("mail_outbox"."html" is not null and "mail_outbox"."text" is not null));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subject_secret_only_while_queued" CHECK ("mail_outbox"."status" = 'queued' or "mail_outbox"."subject_with_secret" is null);
