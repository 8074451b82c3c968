import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { seedConfiguredDatabase } from '@pravesh/server/seed';
import { BENCH_ENV } from './api-process.ts';
import { runChildServer, tempDataDir } from './child-server.ts';

/**
 * Child-process entry of dashboard-page.ts: the real API serving the built My Account app under
 * /myaccount/, on a fresh embedded database seeded like `npm start` (the demo credit customers,
 * the offer catalogue), so the scored demo customer's dashboard has its four bureau tabs and offers.
 * It listens on the port the parent chose (DASHBOARD_BENCH_PORT): the public URL is fixed before the
 * app is built, because My Account's OAuth redirect URI and the site origins are derived from it.
 */

const dataDir = tempDataDir('pravesh-bench-dashboard-');
const port = Number(process.env.DASHBOARD_BENCH_PORT);

await runChildServer({
  async start() {
    const config = loadConfig({
      ...BENCH_ENV,
      PRAVESH_DATA_DIR: dataDir.dir,
      PORT: String(port),
      PRAVESH_PUBLIC_URL: `http://localhost:${port}`,
    });
    // Before the app opens the database: PGlite serves one handle per process.
    await seedConfiguredDatabase(config);
    return buildApp(config, { logger: false });
  },
  port,
  cleanUp: dataDir.remove,
  stopOnSignals: true,
});
