-- Live chat (spec 001 §7 GRIDSP chat, §9 "Chat enabled"; apps/server/src/modules/support/chat):
-- agents sign in to the support desk with their own credentials, the chat's messages are kept as
-- its transcript, the customer may rate the chat, and the desk has canned answers.
-- Written by hand (apps/server/src/db/schema/support.ts).

ALTER TABLE "support_agents" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "support_agents" ADD COLUMN "password_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "support_agents_email_unique" ON "support_agents" USING btree ("email");--> statement-breakpoint
CREATE TABLE "support_agent_sessions" (
	"session_hash" text PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL REFERENCES "support_agents"("agent_id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "support_agent_sessions_agent_idx" ON "support_agent_sessions" USING btree ("agent_id");--> statement-breakpoint
ALTER TABLE "support_chats" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "support_chats" ADD COLUMN "ticket_reference" text;--> statement-breakpoint
ALTER TABLE "support_chats" ADD COLUMN "transcript_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_chats" ADD CONSTRAINT "support_chats_rating_check" CHECK ("rating" is null or "rating" between 1 and 5);--> statement-breakpoint
CREATE INDEX "support_chats_agent_idx" ON "support_chats" USING btree ("agent_id") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "support_chats_customer_idx" ON "support_chats" USING btree ("customer_id","seq");--> statement-breakpoint
CREATE TABLE "support_chat_messages" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"chat_id" uuid NOT NULL REFERENCES "support_chats"("chat_id") ON DELETE CASCADE,
	"author" text NOT NULL,
	"agent_id" uuid REFERENCES "support_agents"("agent_id"),
	"body" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_chat_messages_author_check" CHECK ("author" in ('CUSTOMER', 'AGENT', 'SYSTEM'))
);--> statement-breakpoint
CREATE INDEX "support_chat_messages_chat_idx" ON "support_chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE TABLE "support_canned_answers" (
	"answer_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL
);--> statement-breakpoint
INSERT INTO "support_canned_answers" ("answer_id", "position", "title", "body") VALUES
('greeting', 1, 'Greeting', 'Hello! Thanks for reaching out. I''m looking into this for you now.'),
('score-update', 2, 'When the score updates', 'Credit bureaus update your report when lenders report to them, usually once a month. Your score on Kosh refreshes as soon as the bureau sends a new report.'),
('report-mistake', 3, 'A mistake in the report', 'If something in your credit report looks wrong, you can raise a dispute from the report screen. The bureau checks it with the lender and usually answers within 30 days.'),
('invoice', 4, 'Finding an invoice', 'You can download every GST invoice from My Account under Paid services → Invoices.'),
('verify', 5, 'Verifying identity', 'For your security, I can''t see or change your PAN, bank details or OTPs here. Please never share an OTP with anyone, including us.'),
('closing', 6, 'Closing', 'Is there anything else I can help you with today? If not, you can end the chat and rate it. Thank you for choosing Kosh!');
