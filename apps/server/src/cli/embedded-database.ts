import type { AppConfig } from '../config/index.ts';
import { createDb, type DatabaseHandle } from '../db/client.ts';
import { UsageError } from './operator-command.ts';

/**
 * PGlite serves one process: a second process opening the same folder neither sees the server's
 * writes nor is seen by it, and the two overwrite each other's pages. The operator commands
 * (npm run contract, npm run pii, npm run desk-agent) therefore refuse on the embedded database while an API answers
 * at PRAVESH_PUBLIC_URL (override with --force when that server uses another folder).
 */
export async function serverAnswers(publicUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(1500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The operator command's database, migrated: DATABASE_URL, else PGlite under PRAVESH_DATA_DIR,
 * which it refuses while an API answers (serverAnswers) unless `force`. `alternative` names another
 * way to do the job in the refusal ("publish through … , ").
 */
export async function openCommandDatabase(
  config: AppConfig,
  options: { force?: boolean | undefined; alternative?: string } = {},
): Promise<DatabaseHandle> {
  if (!config.databaseUrl && !options.force && (await serverAnswers(config.publicUrl))) {
    throw new UsageError(
      `an API server answers at ${config.publicUrl}: on the embedded database (PGlite serves one process) ` +
        `stop it first, ${options.alternative ?? ''}or use DATABASE_URL; --force if that server uses another PRAVESH_DATA_DIR`,
    );
  }
  return openMigratedDatabase(config);
}

/** The configured database (DATABASE_URL, else PGlite under PRAVESH_DATA_DIR) with the migrations applied. */
export async function openMigratedDatabase(
  config: AppConfig,
  options: { statementTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  const database = createDb({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    ...options,
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
