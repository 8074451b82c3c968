import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

// The production build: plain `node dist/main.js` (no tsx, no TypeScript) serves the API, with the
// migrations it compiled in and our workspaces bundled (apps/server/build.ts).
describe('compiled server', () => {
  const dataDir = mkdtemp(path.join(os.tmpdir(), 'pravesh-compiled-'));
  afterAll(async () => rm(await dataDir, { recursive: true, force: true }));

  it('builds, migrates an empty embedded database and answers', async () => {
    // `npm test` runs this after its build phase, which built this very dist/ (scripts/test.ts sets
    // PRAVESH_SERVER_BUILT): building it again would cost a build and replace files under the feet
    // of the phases beside this one. Run alone, the test builds first.
    if (process.env.PRAVESH_SERVER_BUILT !== '1') {
      await run(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: serverDir, timeout: 120_000 });
    }
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
      env: { PATH: process.env.PATH, PRAVESH_DATA_DIR: await dataDir, PORT: String(port), PRAVESH_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      let ready: Response | undefined;
      for (let attempt = 0; attempt < 240 && child.exitCode === null; attempt += 1) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        if (ready?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(stderr).not.toMatch(/Error/);
      expect(ready?.status).toBe(200);
      expect(await ready!.json()).toEqual({ status: 'ready', database: 'pglite' });
      // A shielded route without its pass token: the catalogue's refusal, so the modules are in.
      const refused = await fetch(`http://127.0.0.1:${port}/MSP/api/v1/pbguc/event/produce`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[]',
      });
      expect(refused.status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }, 180_000);
});
