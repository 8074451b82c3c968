ALTER TABLE "offer_catalogue" ADD COLUMN "insurance_terms" jsonb;--> statement-breakpoint
ALTER TABLE "offer_catalogue" DROP CONSTRAINT "offer_catalogue_product_check";--> statement-breakpoint
ALTER TABLE "offer_catalogue" ADD CONSTRAINT "offer_catalogue_product_check" CHECK ("product" in ('PL', 'CC', 'HL', 'BL', 'LAP', 'INS'));--> statement-breakpoint
ALTER TABLE "offer_catalogue" DROP CONSTRAINT "offer_catalogue_disclosure_check";--> statement-breakpoint
ALTER TABLE "offer_catalogue" ADD CONSTRAINT "offer_catalogue_disclosure_check" CHECK (("product" = 'CC' and "card_terms" is not null and "loan_terms" is null and "insurance_terms" is null and "card_kind" in ('SECURED', 'UNSECURED'))
        or ("product" = 'INS' and "insurance_terms" is not null and "loan_terms" is null and "card_terms" is null and "card_kind" is null)
        or ("product" not in ('CC', 'INS') and "loan_terms" is not null and "card_terms" is null and "insurance_terms" is null and "card_kind" is null));
