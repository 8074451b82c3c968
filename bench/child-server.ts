import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ParentMessage, ServerMessage } from './api-process.ts';

/**
 * What every benchmark child process (api-server.ts, sso-server.ts, visit-server.ts) does around
 * its own app: a fresh data folder, listening on a free local port, answering the parent's cpu
 * and stop messages over IPC, cleaning up on stop, and reporting ready or failed.
 */

/** Resolves once the message is handed to the IPC channel, so exiting right after cannot drop it. */
export function sendToParent(message: ServerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

/** A fresh folder for the embedded database, and its removal. */
export function tempDataDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Answers the parent over IPC: its cpu message with this process's CPU time so far, its stop
 * message by stopping; the parent dying or disconnecting stops too, and so do SIGINT and SIGTERM
 * when `stopOnSignals` (Ctrl-C reaches the whole process group). `stop` runs once, whoever asks first.
 */
export function answerParent(stop: () => Promise<void>, { stopOnSignals = false } = {}): void {
  let stopping = false;
  const stopOnce = () => {
    if (stopping) return;
    stopping = true;
    void stop();
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') stopOnce();
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      void sendToParent({ type: 'cpu', micros: user + system });
    }
  });
  process.on('disconnect', stopOnce);
  if (stopOnSignals) {
    process.once('SIGINT', stopOnce);
    process.once('SIGTERM', stopOnce);
  }
}

export interface ChildServerOptions {
  /** Builds the app, routes included; runChildServer makes it listen. */
  start(): Promise<FastifyInstance>;
  /** The port to listen on; default a free one. */
  port?: number;
  /** Runs on stop after the app has closed (e.g. a database the app does not own). */
  close?(): Promise<void>;
  /** Runs last on stop, and when starting fails: the data folder, a throw-away database. */
  cleanUp(): void | Promise<void>;
  /** Also stop on SIGINT and SIGTERM (Ctrl-C reaches the whole process group). */
  stopOnSignals?: boolean;
  /** Report a failure's stack (the default) or only its message. */
  failWithStack?: boolean;
}

export async function runChildServer(options: ChildServerOptions): Promise<void> {
  try {
    const app = await options.start();
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('listen gave no TCP address');

    answerParent(
      async () => {
        try {
          await app.close();
          await options.close?.();
        } finally {
          await options.cleanUp();
          process.exit(0);
        }
      },
      { stopOnSignals: options.stopOnSignals },
    );
    await sendToParent({ type: 'ready', url: `http://127.0.0.1:${address.port}` });
  } catch (error) {
    await options.cleanUp();
    const text =
      error instanceof Error
        ? options.failWithStack === false
          ? error.message
          : (error.stack ?? error.message)
        : String(error);
    await sendToParent({ type: 'failed', error: text });
    process.exit(1);
  }
}
