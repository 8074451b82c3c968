/**
 * Everything the fault suite starts (PostgreSQL cluster, redis-server, server instances, temp
 * folders) registers how to remove it at once, synchronously, so it is removed however the run
 * ends: normally, on a failed check, on an exception, on Ctrl-C or when the time bound fires.
 * The normal path stops things gracefully first and then drops their entry.
 */

type HardStop = () => void;

const registered = new Map<number, { what: string; stop: HardStop }>();
let nextId = 0;
let installed = false;

/** Registers a synchronous last-resort stop; the returned function drops it once stopped normally. */
export function onCleanup(what: string, stop: HardStop): () => void {
  install();
  const id = nextId++;
  registered.set(id, { what, stop });
  return () => void registered.delete(id);
}

/** Runs every registered stop, newest first (instances before the services they use). */
export function cleanUpNow(): void {
  const entries = [...registered.entries()].reverse();
  registered.clear();
  for (const [, { what, stop }] of entries) {
    try {
      stop();
    } catch (error) {
      console.error(`faults: cleaning up ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Kills a process by its id if it still runs; never by name. */
export function killPid(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanUpNow);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // `on`, not `once`: a runner may send the signal twice (tsx does, when the first is not
    // acknowledged within 30 ms), and an unhandled second one would end the process mid-cleanup.
    // The cleanup is synchronous, so it starts a moment later, once the acknowledgement is out.
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\nfaults: ${signal}, stopping everything the suite started`);
      setTimeout(() => {
        cleanUpNow();
        process.exit(130);
      }, 100);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error('faults: uncaught exception', error);
    cleanUpNow();
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    console.error('faults: unhandled rejection', error);
    cleanUpNow();
    process.exit(1);
  });
}
