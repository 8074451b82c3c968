import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type AppConfig } from '../config/index.ts';
import type { Database } from '../db/client.ts';
import { openMigratedDatabase } from './embedded-database.ts';
import { seedDemoCreditCustomers } from '../modules/credit/index.ts';
import { seedDemoHoldings } from '../modules/holdings/index.ts';
import { seedOfferCatalogue } from '../modules/offers/index.ts';
import { seedDemoAgents } from '../modules/support/index.ts';
import { seedEmployers } from '../modules/profile/index.ts';

/**
 * `npm run seed`: demo data, as a step apart from the migrations. A migration runs
 * everywhere, production included, and shapes tables; a seeder fills them for demos and manual
 * testing. It reads the same configuration as the server (DATABASE_URL, else PGlite under
 * PRAVESH_DATA_DIR), applies the migrations, then runs every seeder in SEEDERS in order.
 *
 * Every seeder must be idempotent (running the command twice changes nothing the second time) and
 * decide for itself whether it runs in the configured environment. A capability adds one line to
 * SEEDERS.
 *
 * PGlite serves one process: on the embedded database, stop the server first (the command refuses
 * while an API answers at PRAVESH_PUBLIC_URL; --force when that server uses another folder).
 * `npm start` runs the seeders itself before it opens the database.
 */

export interface SeedContext {
  readonly db: Database;
  readonly config: AppConfig;
  readonly now: () => number;
}

export interface Seeder {
  readonly name: string;
  /** Seeds and answers one line saying what it did. */
  readonly run: (context: SeedContext) => Promise<string>;
}

export const SEEDERS: readonly Seeder[] = [
  { name: 'offer catalogue', run: seedOfferCatalogue },
  { name: 'demo credit customers', run: seedDemoCreditCustomers },
  { name: 'demo chat agents', run: seedDemoAgents },
  { name: 'employer list', run: seedEmployers },
  { name: 'demo holdings', run: seedDemoHoldings },
];

/** Runs `seeders` in order on an open, migrated database; answers one line per seeder. */
export async function runSeeders(context: SeedContext, seeders: readonly Seeder[] = SEEDERS): Promise<string[]> {
  const lines: string[] = [];
  for (const seeder of seeders) lines.push(`${seeder.name}: ${await seeder.run(context)}`);
  return lines;
}

/**
 * The seed's own statement limit on PostgreSQL. A seeder writes a whole reference list in one
 * statement (the employer list: 30,140 names and their words); the server's limit (5 s,
 * PRAVESH_DB_STATEMENT_TIMEOUT_MS) guards a request's statements, and on a busy machine (the
 * journeys' server starting beside the unit tests) that one took longer and the start failed.
 */
const SEED_STATEMENT_TIMEOUT_MS = 120_000;

/** Opens the configured database, migrates it, seeds it and closes it. */
export async function seedConfiguredDatabase(
  config: AppConfig,
  now: () => number = Date.now,
  seeders: readonly Seeder[] = SEEDERS,
): Promise<string[]> {
  const database = await openMigratedDatabase(config, { statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS });
  try {
    return await runSeeders({ db: database.db, config, now }, seeders);
  } finally {
    await database.close();
  }
}

async function serverAnswers(publicUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(1500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export async function main(
  args: readonly string[],
  env: Record<string, string | undefined> = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length > 0) {
    err(`unknown argument: ${unknown.join(' ')}\nusage: npm run seed [-- --force]`);
    return 1;
  }
  try {
    const config = loadConfig(env);
    if (!config.databaseUrl && !args.includes('--force') && (await serverAnswers(config.publicUrl))) {
      err(
        `error: an API server answers at ${config.publicUrl}: on the embedded database (PGlite serves one ` +
          'process) stop it first or use DATABASE_URL; --force if that server uses another PRAVESH_DATA_DIR',
      );
      return 1;
    }
    for (const line of await seedConfiguredDatabase(config)) out(line);
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) err(`Configuration error: ${error.message}`);
    else err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

// `tsx apps/server/src/cli/seed.ts` (npm run seed) runs it; tests import main() and runSeeders().
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
