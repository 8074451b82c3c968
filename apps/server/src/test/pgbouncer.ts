import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, listens, waitUntil } from './ports.ts';
import { POSTGRES_URL } from './postgres.ts';

/**
 * A PgBouncer of one test's own in transaction pooling mode (README "PgBouncer"), from the
 * machine's Debian package, on a free port, in front of the PostgreSQL of DATABASE_URL: every
 * database name passes through (`*`), with trust authentication. Its ini, user list, log and pid
 * file live in a temporary folder, removed with it.
 */
export const PGBOUNCER_AVAILABLE = spawnSync('pgbouncer', ['--version']).status === 0;

export interface PrivatePgBouncer {
  /** `databaseUrl` (a database of DATABASE_URL's server) reached through this PgBouncer instead. */
  through(databaseUrl: string): string;
  stop(): Promise<void>;
}

export async function startPgBouncer(): Promise<PrivatePgBouncer> {
  if (!POSTGRES_URL) throw new Error('PgBouncer needs DATABASE_URL');
  const target = new URL(POSTGRES_URL);
  const user = decodeURIComponent(target.username) || 'postgres';
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'pravesh-pgbouncer-'));
  // PgBouncer refuses to run as root: as root it is started as the postgres user (-u), who must
  // write the log and pid file here.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      // Fewer server connections than the app's pool, handed out in turn: a transaction seldom
      // finds the server connection its client used before, as under load in production.
      'default_pool_size = 3',
      'server_round_robin = 1',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), ini], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitUntil(async () => {
    if (exited) throw new Error(`pgbouncer exited at start (log in ${dir})`);
    return listens(port);
  }, `pgbouncer did not listen on ${port}`);
  return {
    through(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
