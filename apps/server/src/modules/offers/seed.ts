import type { AppConfig } from '../../config/index.ts';
import { DEMO_ORIGINS } from '../../config/index.ts';
import type { Database } from '../../db/client.ts';
import { DEMO_LENDERS, DEMO_OFFERS } from './demo-catalogue.ts';
import { createOffersStore } from './store.ts';

/**
 * Where the demo lenders take an applicant: the demo partner landing page of demo site A
 * (apps/demo /partner/apply), on whatever origin site 2 is configured with. The
 * leads service adds its lead reference to it.
 */
export function demoApplyUrl(config: Pick<AppConfig, 'sites'>): string {
  const origin = config.sites.get(2)?.origins[0] ?? DEMO_ORIGINS.siteA;
  return `${origin}/partner/apply`;
}

/**
 * Seeds the demo offer catalogue (demo-catalogue.ts); never in production, where the catalogue
 * is the real lenders' and an operator's. Idempotent: existing rows are left as they are.
 * Answers what it did, for the seed command's output.
 */
export async function seedOfferCatalogue(context: {
  db: Database;
  config: Pick<AppConfig, 'environment' | 'sites'>;
  now: () => number;
}): Promise<string> {
  if (context.config.environment === 'production') return 'skipped in production (demo data)';
  const applyUrl = demoApplyUrl(context.config);
  const added = await createOffersStore(context.db).seed(
    DEMO_LENDERS,
    DEMO_OFFERS.map((offer) => ({ ...offer, applyUrl })),
    new Date(context.now()),
  );
  return `${added.lenders} of ${DEMO_LENDERS.length} lenders and ${added.offers} of ${DEMO_OFFERS.length} offers added`;
}
