import { readFile } from 'node:fs/promises';
import { CONTRACT_ID_PATTERN, findSite } from '@pravesh/core';
import { loadConfig } from '../config/index.ts';
import { verifyLedgerChain } from '../modules/consent/index.ts';
import { seedDemoContracts } from '../modules/consent/index.ts';
import { createConsentStore } from '../modules/consent/index.ts';
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
 * `npm run contract -- <command>`: the operator's side of terms consent. It reads the
 * same configuration as the server (DATABASE_URL, else PGlite under PRAVESH_DATA_DIR), applies the
 * migrations, and seeds the demo contracts where the server would.
 *
 *   publish --contract <id> (--file <markup.html> | --text "<markup>") [--by <name>] [--force]
 *   list
 *   create --contract <id> --title "<title>" [--site <site id>]
 *   verify-ledger
 *
 * verify-ledger recomputes the consent ledger's hash chain and exits 0 when it is
 * whole, 1 naming the first entry (entry id, seq, chain position) that was altered or is missing.
 *
 * A published version can never be changed or removed (the database refuses it): to correct a
 * text, publish the next version.
 *
 * PGlite serves one process: a second process opening the same folder neither sees the server's
 * writes nor is seen by it, and the two overwrite each other's pages. So on the embedded database
 * the command refuses while an API answers at PRAVESH_PUBLIC_URL (override with --force when that
 * server uses another folder); stop the server first, or in the local environment use the running
 * server's POST /dev/consent/publish. PostgreSQL has no such limit.
 */
export const USAGE = [
  'usage: npm run contract -- publish --contract <id> (--file <markup.html> | --text "<markup>") [--by <name>] [--force]',
  '       npm run contract -- list',
  '       npm run contract -- create --contract <id> --title "<title>" [--site <site id>]',
  '       npm run contract -- verify-ledger',
].join('\n');

/** Markup is shown in a panel; a megabyte is far beyond any terms text and keeps a typo'd file out. */
export const MAX_MARKUP_BYTES = 256 * 1024;

export interface CliIo extends CommandIo {
  now(): number;
}

const defaultIo: CliIo = { ...processIo, now: Date.now };

async function markupFrom(values: { file?: string | undefined; text?: string | undefined }): Promise<string> {
  if ((values.file === undefined) === (values.text === undefined)) {
    throw new UsageError('publish needs exactly one of --file <markup.html> or --text "<markup>"');
  }
  let markup: string;
  if (values.file !== undefined) {
    try {
      markup = await readFile(values.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'ENOENT' ? `file not found: ${values.file}` : `cannot read ${values.file}: ${code ?? 'error'}`,
      );
    }
  } else {
    markup = values.text!;
  }
  if (markup.trim() === '') throw new UsageError('the markup is empty: nothing to publish');
  if (Buffer.byteLength(markup, 'utf8') > MAX_MARKUP_BYTES) {
    throw new UsageError(`the markup is larger than ${MAX_MARKUP_BYTES / 1024} KB`);
  }
  if (markup.includes('\u0000')) throw new UsageError('the markup contains NUL characters (is it a binary file?)');
  return markup;
}

function contractIdOf(value: string | undefined): string {
  if (value === undefined) throw new UsageError('--contract <id> is required');
  if (!CONTRACT_ID_PATTERN.test(value))
    throw new UsageError(`"${value}" is not a contract id (1-64 of A-Z a-z 0-9 _ -)`);
  return value;
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed). */
export async function main(args: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const line = readCommandLine(args, io, {
    usage: USAGE,
    commands: ['publish', 'list', 'create', 'verify-ledger'],
    options: {
      contract: { type: 'string' },
      file: { type: 'string' },
      text: { type: 'string' },
      by: { type: 'string' },
      title: { type: 'string' },
      site: { type: 'string' },
    },
  });
  if (typeof line === 'number') return line;
  const { command, values } = line;

  let database;
  try {
    // Arguments first, so a mistyped command never touches the database.
    const markup = command === 'publish' ? await markupFrom(values) : undefined;
    const contractId = command === 'list' || command === 'verify-ledger' ? undefined : contractIdOf(values.contract);
    const config = loadConfig(io.env);
    database = await openCommandDatabase(config, {
      force: values.force,
      alternative: 'publish through its POST /dev/consent/publish (PRAVESH_ENV=local), ',
    });

    if (command === 'verify-ledger') {
      const report = await verifyLedgerChain(database.db);
      if (report.ok) {
        io.out(`consent ledger chain intact: ${report.entries} entries, head ${report.headHash}`);
        return 0;
      }
      const where = report.entry
        ? `entry ${report.entry.entryId} (seq ${report.entry.seq}, chain position ${report.entry.chainPosition ?? 'none'})`
        : 'the chain head';
      io.err(`consent ledger chain broken at ${where}: ${report.reason}; ${report.entries} entries before it verified`);
      return 1;
    }

    const store = createConsentStore(database.db);
    if (config.consent.seedDemoContracts) await seedDemoContracts(store, () => io.now());
    const at = new Date(io.now());

    if (command === 'list') {
      const contracts = await store.listContracts();
      if (contracts.length === 0) io.out('no contracts');
      for (const contract of contracts) {
        const latest =
          contract.latestVersion === null
            ? 'no version'
            : `v${contract.latestVersion} ${contract.latestPublishedAt!.toISOString()}`;
        const site = contract.siteId === null ? '' : ` (site ${contract.siteId})`;
        io.out(`${contract.contractId}\t${latest}\t${contract.title}${site}`);
      }
      return 0;
    }

    if (command === 'create') {
      const title = values.title?.trim();
      if (!title) throw new UsageError('create needs --title "<title>"');
      const site = values.site === undefined ? undefined : findSite(values.site);
      if (values.site !== undefined && !site) throw new UsageError(`${values.site} is not a site id (1-26)`);
      const created = await store.createContract({ contractId: contractId!, title, siteId: site?.id ?? null }, at);
      if (!created) throw new UsageError(`contract ${contractId} already exists`);
      io.out(`created ${contractId}: publish its first version with --file or --text`);
      return 0;
    }

    if (!(await store.contract(contractId!))) {
      throw new UsageError(`unknown contract: ${contractId} (npm run contract -- list shows them)`);
    }
    const publishedBy = values.by?.trim() || `${io.env.USER ?? 'operator'}@cli`;
    const version = await store.publish(contractId!, markup!, publishedBy, at);
    io.out(
      `published ${contractId} v${version.version} (${Buffer.byteLength(markup!, 'utf8')} bytes) at ${version.publishedAt.toISOString()}`,
    );
    return 0;
  } catch (error) {
    return reportFailure(io, error);
  } finally {
    await database?.close();
  }
}

// `tsx apps/server/src/cli/contract.ts …` runs it; tests import main().
runIfEntry(import.meta.url, main);
