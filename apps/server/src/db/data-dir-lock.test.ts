import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';
import { prepareMigratedDataDir } from '../test/migrated.ts';
import { DataDirLockedError, LOCK_FILE } from './data-dir-lock.ts';

const holder = fileURLToPath(new URL('../test/hold-data-dir.ts', import.meta.url));

/** Starts hold-data-dir.ts on `dataDir` and resolves with its first line ("open" or "refused: …"). */
function startHolder(dataDir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const end = output.indexOf('\n');
      if (end >= 0) resolve({ child, line: output.slice(0, end) });
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`holder exited with ${code} before answering: ${output}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

// The lock is the embedded database's (PGlite serves one process); PostgreSQL needs none.
describe('one process per embedded database folder', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pravesh-lock-'));
    await prepareMigratedDataDir(dataDir);
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second handle on the same folder, naming this process, until the first is closed', async () => {
    const first = createDb({ dataDir });
    try {
      expect(() => createDb({ dataDir })).toThrow(DataDirLockedError);
      expect(() => createDb({ dataDir })).toThrow(`in use by pid ${process.pid} (`);
      await first.db.execute(sql`select 1`);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const second = createDb({ dataDir });
    await second.db.execute(sql`select 1`);
    await second.close();
  }, 60_000);

  it("refuses while another process holds the folder, naming that process's pid and command", async () => {
    const { child, line } = await startHolder(dataDir);
    try {
      expect(line).toBe('open');
      let refusal: unknown;
      try {
        createDb({ dataDir });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toContain(`in use by pid ${child.pid} (`);
      expect((refusal as Error).message).toContain('hold-data-dir.ts');
      // And the other way round: a second process refuses while this one holds it.
    } finally {
      child.stdin!.end();
      await exited(child);
    }
    const mine = createDb({ dataDir });
    try {
      const other = startHolder(dataDir);
      await expect(other).resolves.toMatchObject({ line: expect.stringContaining(`refused: `) as unknown });
      const { line: refused, child: refusedChild } = await other;
      expect(refused).toContain(`in use by pid ${process.pid} (`);
      await exited(refusedChild);
    } finally {
      await mine.close();
    }
  }, 120_000);

  it('takes over the lock of a process that was killed, and only then', async () => {
    const { child, line } = await startHolder(dataDir);
    expect(line).toBe('open');
    child.kill('SIGKILL');
    await exited(child);
    // SIGKILL runs no exit handler: the dead process's lock is still there.
    const left = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(left.pid).toBe(child.pid);
    const next = createDb({ dataDir });
    await next.db.execute(sql`select 1`);
    const taken = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(taken.pid).toBe(process.pid);
    await next.close();
  }, 120_000);

  it("never takes over another host's lock, and says which host holds it", () => {
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({
        pid: 999_999,
        hostname: 'other-host.example',
        since: '2026-11-28T10:00:00.000Z',
        command: 'node main.ts',
      }),
    );
    expect(() => createDb({ dataDir })).toThrow(/in use by pid 999999 \(node main\.ts\) on host other-host\.example/);
  });
});
