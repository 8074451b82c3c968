import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createDb, type DatabaseOptions } from '../db/client.ts';
import { trimWal } from './trim-wal.ts';

/**
 * Migrate once, copy per test database. Running every migration for each of the suite's test
 * databases cost seconds apiece; instead one database is migrated per migration set and each test
 * database starts as a copy of it: PGlite loads a dumped data directory (`loadDataDir`), PostgreSQL
 * clones a template (`CREATE DATABASE … TEMPLATE`, PostgreSQL §23.3). Both are named by a hash of the
 * migration files, so a changed or added migration makes a new one and a stale copy is never used.
 * vitest's global setup (test/global-setup.ts) prepares both before the workers start; a test run
 * without it (another config, a script) prepares them on first use.
 */

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Tool caches live in node_modules/.cache by convention: a clean install starts without them. */
const cacheFolder = path.join(repoRoot, 'node_modules', '.cache', 'pravesh-test');

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
    )
    .sort();
}

/** A short hash of every migration file's name and text (and the journal that orders them). */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of listFiles(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version, from the package.json above its entry point (its exports hide the file). */
/** The folder of the installed PGlite's entry point, beside its WebAssembly and file bundle. */
const pgliteDist = () => path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

function pgliteVersion(): string {
  let folder = pgliteDist();
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

let pgliteImageFile: Promise<string> | undefined;

/**
 * Makes the image quick to load; every test database loads it, and in a profile of test-server
 * starts the load was most of their CPU:
 * - drops template0 and template1. PGlite's data directory holds three databases and the server only
 *   opens `postgres` (current_database() on PGlite); writing the other two's files into PGlite's
 *   in-memory file system was a third of a load (602 of 1,347 files, 15 of 44 MB). Nothing in a test
 *   creates a database on PGlite: CREATE DATABASE runs only on real PostgreSQL (test/postgres.ts).
 * - sets shared_buffers to 16 MB instead of PGlite's 128 MB, which each start allocates and clears in
 *   WebAssembly memory. Test databases hold kilobytes; the buffer size changes no query's result.
 * - ends the migrations' WAL segment before the last checkpoint, so that the checkpoint starts a new
 *   one and trimWal (test/trim-wal.ts) can leave the migrations' log out of the image.
 * Measured on one machine: a load took 1.5 s of CPU before, about 0.65 s after.
 */
async function slimImage(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>('select current_database() as name');
  if (rows[0]?.name !== 'postgres') throw new Error(`PGlite opened ${rows[0]?.name}, not postgres`);
  // A template cannot be dropped (PostgreSQL §23.3): unmark both first.
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec('select pg_switch_wal()');
  await client.exec('checkpoint');
}

/**
 * The file of a migrated in-memory PGlite's data directory, a tarball for `loadDataDir`: in the
 * cache, or migrated and written there once (named by the PGlite version too: its data directory
 * format is its own).
 */
export function migratedPgliteImageFile(): Promise<string> {
  pgliteImageFile ??= (async () => {
    // `slim-wal`: how the image is made (slimImage, trimWal); a change to that takes a new name.
    const file = path.join(cacheFolder, `pglite-${pgliteVersion()}-${migrationsHash()}-slim-wal.tar`);
    if (existsSync(file)) return file;
    // The same migrator as DatabaseHandle.migrate (db/client.ts), on a client whose data we can dump.
    const client = new PGlite('memory://');
    let tarball: Uint8Array;
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      await slimImage(client);
      tarball = trimWal(new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    } finally {
      await client.close();
    }
    mkdirSync(cacheFolder, { recursive: true });
    // Written aside and renamed: another worker reading at the same moment sees all or nothing.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
    return file;
  })();
  return pgliteImageFile;
}

/**
 * A Blob whose arrayBuffer() is one copy of bytes already in memory. PGlite reads the image (and
 * its file bundle) with arrayBuffer() for every test database, and Node 20's Blob answers it by
 * reading itself back in chunks and joining them: in a profile of test-server starts that was a
 * quarter of their CPU.
 */
class InMemoryBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>, type = 'application/x-tar') {
    super([bytes], { type });
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let pgliteImage: Promise<Blob> | undefined;

/** The migrated PGlite data directory, read once per test file, for each test database to load. */
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= migratedPgliteImageFile().then((file) => new InMemoryBlob(new Uint8Array(readFileSync(file))));
  return pgliteImage;
}

let pgliteRuntime: Promise<NonNullable<DatabaseOptions['pgliteRuntime']>> | undefined;

/**
 * PGlite's WebAssembly module, compiled once per test worker, and its file bundle, read once, for
 * every test database (db/client.ts `pgliteRuntime`): each PGlite otherwise reads both from disk and
 * compiles the module again. Measured on one machine: a test database's start took about 265 ms of
 * CPU instead of 347.
 */
export function sharedPgliteRuntime(): Promise<NonNullable<DatabaseOptions['pgliteRuntime']>> {
  pgliteRuntime ??= (async () => {
    const dist = pgliteDist();
    return {
      pgliteWasmModule: await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm'))),
      fsBundle: new InMemoryBlob(
        new Uint8Array(readFileSync(path.join(dist, 'pglite.data'))),
        'application/octet-stream',
      ),
    };
  })();
  return pgliteRuntime;
}

/**
 * Makes `folder` an embedded database folder as `npm run migrate` leaves it, for tests of what opens
 * a folder on disk (the operator commands, the folder lock, a restart). A new folder is otherwise
 * initialised (initdb) and migrated on first open: 6–10 s of CPU, where loading the migrated image
 * takes about 2. The migrator then finds every migration applied, as on any later start.
 */
export async function prepareMigratedDataDir(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const handle = createDb({
    dataDir: folder,
    loadDataDir: await migratedPgliteImage(),
    pgliteRuntime: await sharedPgliteRuntime(),
  });
  try {
    await handle.ping();
  } finally {
    await handle.close();
  }
}

/** The administrator connection of DATABASE_URL (CI sets it). */
function adminUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated template database on DATABASE_URL's server, made once per migration set.
 * Workers of one run, and runs of other checkouts on the same server, may ask at the same moment: an
 * advisory lock lets one build it while the others wait, and the template is marked IS_TEMPLATE only
 * once fully migrated, so one left half-built by a killed run is dropped and built again.
 */
export function migratedPostgresTemplate(): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `pravesh_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query<{ datistemplate: boolean }>(
        'select datistemplate from pg_database where datname = $1',
        [name],
      );
      if (found.rows[0]?.datistemplate) return name;
      if (found.rows[0]) await admin.query(`drop database ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const handle = createDb({ databaseUrl: databaseUrl(name), dataDir: '', poolSize: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${name} is_template true`);
      return name;
    } finally {
      await admin.end(); // ends the session, and with it the advisory lock
    }
  })();
  return postgresTemplate;
}
