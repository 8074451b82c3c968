import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { BENCH_ENV } from './api-process.ts';
import { runChildServer, tempDataDir } from './child-server.ts';

/**
 * Child-process entry for nudge-host-page.ts: the real API on a fresh embedded database, whose
 * site 2 accepts the demo homepage served by the benchmark on a free port
 * (PRAVESH_SITE_CONFIG, handed down by the parent), so the SDK and the nudge run as on the demo.
 */

const dataDir = tempDataDir('pravesh-bench-nudge-');

await runChildServer({
  async start() {
    const config = loadConfig({
      ...BENCH_ENV,
      PRAVESH_DATA_DIR: dataDir.dir,
      PRAVESH_SITE_CONFIG: process.env.PRAVESH_SITE_CONFIG,
    });
    return buildApp(config, { logger: false });
  },
  cleanUp: dataDir.remove,
  stopOnSignals: true,
});
