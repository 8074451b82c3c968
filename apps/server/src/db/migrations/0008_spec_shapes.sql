-- spec 000 requires of a visit only the visit itself ("A visit without visitId fails", §5), so a
-- client written from the spec may send POST visit without completeUrl.
ALTER TABLE "visits" ALTER COLUMN "complete_url" DROP NOT NULL;
