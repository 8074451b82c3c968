import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { createDb } from '../apps/server/src/db/client.ts';
import { visits } from '../apps/server/src/db/schema/visits.ts';
import { visitRoutes } from '../apps/server/src/modules/visits/routes.ts';
import { createVisitService } from '../apps/server/src/modules/visits/service.ts';
import { createVisitStore } from '../apps/server/src/modules/visits/store.ts';
import { createVisitorCookie } from '../apps/server/src/modules/visits/visitor-cookie.ts';
import { BENCH_ENV } from './api-process.ts';
import { runChildServer, tempDataDir } from './child-server.ts';
import { NOOP_VISIT_PATH, RAW_VISIT_PATH, VISIT_COUNT_PATH } from './visit-paths.ts';

/**
 * Child-process entry of visit-ingestion.ts: the real API on PostgreSQL (BENCH_DATABASE_URL) or
 * a fresh PGlite folder, plus the same visit route wired to one INSERT per request, as the
 * baseline the batcher is measured against, a no-op route with the same shield and body as the
 * ceiling of this box, and an unshielded row count to prove nothing is lost.
 */

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = tempDataDir('pravesh-visit-bench-');
let database: ReturnType<typeof createDb> | undefined;

await runChildServer({
  async start() {
    const config = loadConfig({ ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir.dir, DATABASE_URL: databaseUrl });
    const db = createDb({ databaseUrl, dataDir: dataDir.dir });
    database = db;
    await db.migrate();
    const app = await buildApp(config, { logger: false, database: db });

    const rawStore = createVisitStore(db.db);
    const cookie = createVisitorCookie({
      environment: config.environment,
      keys: config.cookieKeys,
      activeKid: config.activeCookieKid,
    });
    visitRoutes(app, createVisitService({ store: rawStore, cookie, insert: rawStore.insertOne }), RAW_VISIT_PATH);
    app.post(NOOP_VISIT_PATH, () => ({ status: true, statusCode: 'success', response: {} }));
    app.get(VISIT_COUNT_PATH, async () => ({ count: await db.db.$count(visits) }));
    return app;
  },
  close: async () => database?.close(),
  cleanUp: dataDir.remove,
});
