-- The local simulators' state (dev outbox, payment and account-aggregator simulators) in the
-- database instead of each process's memory, so instances behind a balancer share it and a restart
-- keeps it. Written by hand (apps/server/src/db/schema/simulators.ts).
CREATE TABLE "simulator_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"template_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "simulator_outbox_seq_idx" ON "simulator_outbox" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "simulator_outbox_sent_idx" ON "simulator_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE TABLE "simulator_records" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"record" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_records_kind_id_pk" PRIMARY KEY("kind","id")
);--> statement-breakpoint
CREATE INDEX "simulator_records_seq_idx" ON "simulator_records" USING btree ("kind","seq");
