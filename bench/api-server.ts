import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { BENCH_ENV, ROUTES } from './api-process.ts';
import { runChildServer, tempDataDir } from './child-server.ts';

/**
 * Child-process entry (started by api-process.ts): the real API on a fresh embedded database,
 * plus two identical trivial routes that differ only in whether the shield hook applies.
 */

const dataDir = tempDataDir('pravesh-bench-');

await runChildServer({
  async start() {
    const config = loadConfig({ ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir.dir });
    // BENCH_METRICS=off: the same server without request metrics (bench/production-server.ts).
    // BENCH_LOGGER=server: the server's own logger, as every deployment runs (at BENCH_ENV's warn
    // level it writes no line per request); without one Fastify skips its per-response listeners,
    // which a deployed server never does, so a metrics hook would be charged for them.
    const app = await buildApp(config, {
      logger: process.env.BENCH_LOGGER === 'server' ? undefined : false,
      metrics: process.env.BENCH_METRICS === 'off' ? false : undefined,
    });
    const pong = () => ({ status: true, statusCode: 'success', response: { pong: true } });
    app.get(ROUTES.shielded, pong);
    app.get(ROUTES.open, { config: { shield: false } }, pong);
    return app;
  },
  cleanUp: dataDir.remove,
  stopOnSignals: true,
});
