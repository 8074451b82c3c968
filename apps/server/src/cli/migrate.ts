import { loadConfig } from '../config/index.ts';
import { createDb } from '../db/client.ts';
import { schemaStatus } from '../db/schema-version.ts';
import { processIo, reportFailure, runIfEntry, type CommandIo } from './operator-command.ts';

/**
 * `npm run migrate` (compiled: node apps/server/dist/migrate.js): applies the pending migrations,
 * as the owner role when PRAVESH_MIGRATION_DATABASE_URL is set, and says what it did. A release
 * step of its own in production (PRAVESH_MIGRATE_ON_START=0 there): instances then only check the
 * schema. Safe when two run at once: PostgreSQL's advisory lock makes the second wait and find
 * nothing left to do (db/client.ts); the embedded database's folder lock refuses a second process.
 */
export async function main(_args: readonly string[], io: CommandIo = processIo): Promise<number> {
  let database;
  try {
    const config = loadConfig(io.env);
    database = createDb({
      databaseUrl: config.databaseUrl,
      migrationDatabaseUrl: config.migrationDatabaseUrl,
      dataDir: config.dataDir,
      ...config.database,
    });
    const before = await schemaStatus(database.db);
    if (before.state === 'ahead') {
      io.err('error: the database schema is newer than this release: nothing to apply; deploy the newer release');
      return 1;
    }
    await database.migrate();
    const applied = before.state === 'behind' ? before.pending : [];
    io.out(
      applied.length === 0
        ? 'migrations: the schema is current, nothing to apply'
        : `migrations: applied ${applied.length} (${applied.join(', ')})`,
    );
    return 0;
  } catch (error) {
    return reportFailure(io, error);
  } finally {
    await database?.close();
  }
}

runIfEntry(import.meta.url, main);
