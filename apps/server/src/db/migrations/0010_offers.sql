-- Written by hand: the offer catalogue. Demo rows come from `npm run seed`, never
-- from a migration (a migration runs in production too).
CREATE TABLE "offer_lenders" (
	"lender_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"brand_colour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_lenders_brand_colour_check" CHECK ("brand_colour" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "offer_catalogue" (
	"offer_id" text PRIMARY KEY NOT NULL,
	"lender_id" text NOT NULL REFERENCES "offer_lenders"("lender_id"),
	"product" text NOT NULL,
	"product_name" text NOT NULL,
	"banner_title" text NOT NULL,
	"bullets" jsonb NOT NULL,
	"statement_text" text NOT NULL,
	"card_kind" text,
	"min_band" text NOT NULL,
	"rank" integer NOT NULL,
	"valid_till" date,
	"apply_url" text NOT NULL,
	"loan_terms" jsonb,
	"card_terms" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_catalogue_product_check" CHECK ("product" in ('PL', 'CC', 'HL', 'BL', 'LAP')),
	CONSTRAINT "offer_catalogue_bullets_check" CHECK (jsonb_typeof("bullets") = 'array' and jsonb_array_length("bullets") between 1 and 6),
	CONSTRAINT "offer_catalogue_min_band_check" CHECK ("min_band" in ('EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'LOW', 'VERY_LOW')),
	CONSTRAINT "offer_catalogue_disclosure_check" CHECK (("product" = 'CC' and "card_terms" is not null and "loan_terms" is null and "card_kind" in ('SECURED', 'UNSECURED'))
        or ("product" <> 'CC' and "loan_terms" is not null and "card_terms" is null and "card_kind" is null))
);
--> statement-breakpoint
CREATE INDEX "offer_catalogue_product_rank_idx" ON "offer_catalogue" USING btree ("product","rank");
