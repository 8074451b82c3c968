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
 *
 * Then the first is killed (SIGKILL) while events are being written, and started again on the same
 * folder: it takes over the dead process's lock, and every event it acknowledged before the kill is
 * there. PGlite writes through to the folder's files at each commit (its WAL reaches the kernel
 * before the answer), so a killed process loses nothing it answered; without fsync, which
 * PGlite's file system does not pass on, a power cut may (docs/operations.md "Topology").
 */

const WAIT_MS = 90_000;
/** How long events are written before the kill, and by how many callers at once. */
const WRITE_MS = 1_500;
const WRITERS = 8;

interface Receipt {
  eventId: string;
  storedAt: string;
}

/** POSTs one event; its receipt when answered 200, else undefined (refused, or the process died). */
async function produce(url: string, token: string, eventId: string): Promise<Receipt | undefined> {
  try {
    const response = await fetch(url + ROUTES.produce, {
      method: 'POST',
      headers: { [PASS_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify([{ eventId, event: 'faults', category: 'embedded-kill' }]),
      signal: AbortSignal.timeout(5_000),
    });
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as { response: { storedAt: string } };
    return { eventId, storedAt: body.response.storedAt };
  } catch {
    return undefined;
  }
}

/** Writes events from WRITERS callers until `stop` says so; answers the acknowledged receipts. */
async function writeUntil(url: string, token: string, stop: () => boolean): Promise<Receipt[]> {
  const receipts: Receipt[] = [];
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (!stop()) {
        const receipt = await produce(url, token, randomUUID());
        if (receipt) receipts.push(receipt);
      }
    }),
  );
  return receipts;
}

export async function embeddedDatabaseFaults(
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

    // SIGKILL mid-write, then a restart on the folder the dead process still has locked.
    let killed = false;
    const writing = writeUntil(first.url, token, () => killed);
    await sleep(WRITE_MS);
    first.signal('SIGKILL');
    await first.waitExit(10_000);
    killed = true;
    const acknowledged = await writing;
    let restartError: string | undefined;
    try {
      await first.start();
    } catch (error) {
      restartError = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
    // A resend of a stored eventId is answered with the receipt of the copy stored first
    // (event-sink/postgres.ts), so an equal storedAt shows the first copy survived the kill.
    let kept = 0;
    if (restartError === undefined) {
      const queue = [...acknowledged];
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let receipt = queue.pop(); receipt; receipt = queue.pop()) {
            const again = await produce(first.url, token, receipt.eventId);
            if (again?.storedAt === receipt.storedAt) kept += 1;
          }
        }),
      );
    }
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
        {
          name: 'after SIGKILL mid-write it starts again on its folder',
          pass: restartError === undefined,
          detail: restartError ?? "took over the killed process's lock",
        },
        {
          name: 'every event acknowledged before SIGKILL is stored',
          pass: restartError === undefined && acknowledged.length > 0 && kept === acknowledged.length,
          detail: `${acknowledged.length} acknowledged, ${kept} answered again with their first receipt`,
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
