-- The bank (FIP id) the customer's consent journey reached, beside its Finvu state id (spec 001 §4):
-- a customer who leaves after discovering accounts comes back to choosing them at that bank.
ALTER TABLE "aa_journey_states" ADD COLUMN IF NOT EXISTS "fip_id" text;
