import { loadConfig } from '../config/index.ts';
import { createPiiCipher } from '../auth/pii-cipher.ts';
import { countByKid, encryptPendingPii, pendingPiiCount, reencryptPii } from '../modules/sso/index.ts';
import { openCommandDatabase } from './embedded-database.ts';
import {
  processIo,
  readCommandLine,
  reportFailure,
  runIfEntry,
  UsageError,
  type CommandIo,
} from './operator-command.ts';

/**
 * `npm run pii -- <command>`: rotating the keys that encrypt personal data at rest (README
 * "Configuration"). It reads the same configuration as the server (PRAVESH_PII_KEYS, PRAVESH_PII_ACTIVE_KID,
 * DATABASE_URL, else PGlite under PRAVESH_DATA_DIR) and applies the migrations.
 *
 *   status                                   values per table, column and kid
 *   reencrypt [--batch-size <n>] [--limit <n>]  every value under another kid → the active kid
 *
 * A rotation: add the new key to PRAVESH_PII_KEYS and make it PRAVESH_PII_ACTIVE_KID on every
 * instance (new writes use it; all listed keys still read), run `reencrypt`, check with `status`
 * that the old kid seals nothing, then remove the old key. `reencrypt` works in batches, prints
 * its progress after each, and can be stopped at any time: running it again goes on where it
 * stopped (rows already under the active kid are not read again). It prints counts, kids and table
 * names only — never a number or an address.
 *
 * On the embedded database (PGlite serves one process) it refuses while an API answers at
 * PRAVESH_PUBLIC_URL (--force when that server uses another folder); PostgreSQL has no such limit.
 */
export const USAGE = [
  'usage: npm run pii -- status [--force]',
  '       npm run pii -- reencrypt [--batch-size <n>] [--limit <n>] [--force]',
].join('\n');

export type CliIo = CommandIo;

const defaultIo: CliIo = processIo;

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,8}$/.test(value)) throw new UsageError(`--${name} must be a whole number from 1`);
  return Number(value);
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed). */
export async function main(args: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const line = readCommandLine(args, io, {
    usage: USAGE,
    commands: ['status', 'reencrypt'],
    options: {
      'batch-size': { type: 'string' },
      limit: { type: 'string' },
    },
  });
  if (typeof line === 'number') return line;
  const { command, values } = line;

  let database;
  try {
    // Arguments first, so a mistyped option never touches the database.
    const batchSize = positiveInteger('batch-size', values['batch-size']);
    const limit = positiveInteger('limit', values.limit);
    const config = loadConfig(io.env);
    database = await openCommandDatabase(config, { force: values.force });
    const pii = createPiiCipher(config.pii, config.piiHashKey);
    const { db } = database;

    if (command === 'status') {
      io.out(`active kid: ${pii.activeKid}`);
      const counts = await countByKid(db);
      if (counts.length === 0) io.out('no encrypted values');
      for (const count of counts) io.out(`${count.table}.${count.column}\t${count.kid}\t${count.values}`);
      const pending = await pendingPiiCount(db);
      if (pending > 0)
        io.out(`${pending} values from migration 0012 wait to be encrypted (at the next start or reencrypt)`);
      return 0;
    }

    // Values migration 0012 set aside are encrypted first, as the server would at start.
    const moved = await encryptPendingPii(db, pii);
    if (moved > 0) io.out(`encrypted ${moved} values set aside by migration 0012`);
    const result = await reencryptPii(db, pii, {
      ...(batchSize === undefined ? {} : { batchSize }),
      ...(limit === undefined ? {} : { limit }),
      onProgress: (progress) =>
        io.out(
          `${progress.table}: ${progress.rewritten} rows re-encrypted to kid ${pii.activeKid}` +
            (progress.changedMeanwhile > 0 ? `, ${progress.changedMeanwhile} changed meanwhile (left as written)` : ''),
        ),
    });
    const remaining = (await countByKid(db)).filter((count) => count.kid !== pii.activeKid);
    const left = remaining.reduce((sum, count) => sum + count.values, 0);
    io.out(
      `done: ${result.rewritten} rows re-encrypted to kid ${pii.activeKid}; ` +
        (left === 0
          ? 'no value is under another kid'
          : `${left} values still under ${[...new Set(remaining.map((count) => count.kid))].join(', ')} (run again)`),
    );
    return 0;
  } catch (error) {
    // A database or decryption error names no personal data (pii.ts never puts a value in a message).
    return reportFailure(io, error);
  } finally {
    await database?.close();
  }
}

// `tsx apps/server/src/cli/pii.ts …` runs it; tests import main().
runIfEntry(import.meta.url, main);
