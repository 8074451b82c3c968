import { randomUUID } from 'node:crypto';
import { PASS_TOKEN_HEADER } from '@pravesh/core';
import { ROUTES } from '../../bench/api-process.ts';
import type { Check } from './faults.ts';
import { createInstance, logPath } from './instances.ts';
import type { Pass } from './load.ts';
import { sleep, tempDir } from './services.ts';

/**
 * One writer per embedded database: a second server on a PGlite data folder that a running server
 * holds must refuse to start, at once, naming the process that holds it. Two writers on one folder
 * lost acknowledged events in the operator's trial.
 */

const WAIT_MS = 90_000;

export async function secondEmbeddedServer(
  ports: [number, number],
  logDir: string,
  pass: Pass,
): Promise<{ checks: Check[]; notes: string[] }> {
  const data = tempDir('pravesh-faults-pglite-');
  // No DATABASE_URL and no REDIS_URL: the embedded database, as `npm run server` runs by default.
  const env = { DATABASE_URL: '', REDIS_URL: '', PRAVESH_MIGRATION_DATABASE_URL: '', PRAVESH_DATA_DIR: data.dir };
  const first = createInstance({ name: 'P1', port: ports[0], env, logFile: logPath(logDir, 'P1') });
  const second = createInstance({ name: 'P2', port: ports[1], env, logFile: logPath(logDir, 'P2') });
  try {
    await first.start();
    const { token } = await pass();
    const written = await fetch(first.url + ROUTES.produce, {
      method: 'POST',
      headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify([{ eventId: randomUUID(), event: 'faults', category: 'faults' }]),
    });
    const spawnedAt = performance.now();
    second.spawn();
    let answered = false;
    while (performance.now() - spawnedAt < WAIT_MS && second.running()) {
      try {
        const response = await fetch(`${second.url}/healthz`, { signal: AbortSignal.timeout(1_000) });
        if (response.ok) {
          answered = true;
          break;
        }
      } catch {
        // Not listening (yet).
      }
      await sleep(250);
    }
    const exit = await second.waitExit(0);
    const refusedAfter = performance.now() - spawnedAt;
    const holder = String(first.pid());
    const said = second.logTail(5);
    const refused = !answered && exit !== null && exit.code !== 0;
    return {
      checks: [
        {
          name: 'a second server on one PGlite folder refuses to start',
          pass: refused,
          detail: answered
            ? `it started and answered /healthz (P1 wrote an event: ${written.status})`
            : exit === null
              ? `still running after ${WAIT_MS / 1000} s without answering`
              : `exited ${exit.code ?? exit.signal} after ${Math.round(refusedAfter)} ms`,
        },
        {
          name: 'its refusal names the process holding the folder',
          pass: refused && said.includes(holder),
          detail: refused
            ? `pid ${holder} ${said.includes(holder) ? 'named' : 'not named'}: ${said.split('\n').at(-1)}`
            : '-',
        },
      ],
      notes: [],
    };
  } finally {
    await second.stop();
    await first.stop();
    data.remove();
  }
}
