import { migratedPgliteImageFile, migratedPostgresTemplate } from './migrated.ts';

/**
 * vitest's global setup (vitest.config.ts): the migrated PGlite image and, when DATABASE_URL is set,
 * the migrated PostgreSQL template, made once before the workers start rather than by the first
 * test file of each worker at the same moment.
 */
export default async function setup(): Promise<void> {
  await Promise.all([migratedPgliteImageFile(), process.env.DATABASE_URL ? migratedPostgresTemplate() : undefined]);
}
