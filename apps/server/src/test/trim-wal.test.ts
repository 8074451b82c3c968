import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { migratedPgliteImage, migratedPgliteImageFile, sharedPgliteRuntime } from './migrated.ts';
import { trimWal } from './trim-wal.ts';

/** The WAL files of a ustar tarball and their sizes, read with the tar headers' fields. */
function walFiles(tar: Uint8Array): Map<string, number> {
  const files = new Map<string, number>();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
    const size = Number.parseInt(new TextDecoder().decode(header.subarray(124, 135)), 8);
    if (/pg_wal\/[0-9A-F]{24}$/.test(name)) files.set(name, size);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('the migrated PGlite image’s WAL (test/trim-wal.ts)', () => {
  it('is the checkpoint’s segment alone, cut after its last written page', async () => {
    const wal = walFiles(new Uint8Array(readFileSync(await migratedPgliteImageFile())));
    expect(wal.size).toBe(1);
    const [size] = [...wal.values()];
    expect(size).toBeGreaterThan(0);
    expect(size! % 8192).toBe(0);
    expect(size).toBeLessThan(1024 * 1024);
  });

  it('is enough to start, to write past the segment’s end, and to start again from that', async () => {
    const runtime = await sharedPgliteRuntime();
    const loaded = new PGlite('memory://', { loadDataDir: await migratedPgliteImage(), ...runtime });
    let dump: Blob;
    try {
      // About 40 MB of WAL: the cut segment grows to its full size, and two more follow it.
      await loaded.exec(
        `create table wal_filler (id int, body text);
         insert into wal_filler select n, repeat('x', 200) from generate_series(1, 150000) n;
         checkpoint;`,
      );
      const { rows } = await loaded.query<{ segments: number }>('select count(*)::int as segments from pg_ls_waldir()');
      expect(rows[0]!.segments).toBeGreaterThan(1);
      dump = await loaded.dumpDataDir('none');
    } finally {
      await loaded.close();
    }
    const restarted = new PGlite('memory://', { loadDataDir: dump, ...runtime });
    try {
      const { rows } = await restarted.query<{ filled: number; migrations: number }>(
        `select (select count(*)::int from wal_filler) as filled,
                (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
      );
      expect(rows[0]!.filled).toBe(150_000);
      expect(rows[0]!.migrations).toBeGreaterThan(0);
    } finally {
      await restarted.close();
    }
  });

  it('refuses a data directory without pg_control rather than guess', () => {
    expect(() => trimWal(new Uint8Array(1024))).toThrow('no global/pg_control in the data directory');
  });
});
