import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { runSeeders } from '@pravesh/server/seed';
import { createDb, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { createCreditStore } from '../apps/server/src/modules/credit/store.ts';
import { invoicesServiceFor } from '../apps/server/src/modules/invoices/index.ts';
import { consentAtSimulator, seedBusyAccount } from '../apps/server/src/modules/aggregator/busy-account.ts';
import { createAggregatorStore } from '../apps/server/src/modules/aggregator/store.ts';
import { createAggregatorSimulator } from '../apps/server/src/providers/aggregator/simulator.ts';
import { refEmployers } from '../apps/server/src/db/schema/profile.ts';
import { BENCH_ENV, ROUTES } from './api-process.ts';
import { runChildServer, tempDataDir } from './child-server.ts';

/**
 * Child-process entry of the sign-on benchmark (bench/sso.ts): the real API on a fresh database —
 * embedded PGlite, or a throw-away PostgreSQL database when SSO_BENCH_DATABASE_URL is set, with
 * Redis for the rate limits when SSO_BENCH_REDIS_URL is set too (the scale-out deployment of
 * ARCHITECTURE.md), with analytics events on NATS JetStream when SSO_BENCH_EVENTS_SINK=nats — with
 * limits of its own: every OTP of the benchmark comes from one address, to thousands of numbers
 * that share a prefix, within minutes, so the per-IP limit and the shared SMS budgets (past which
 * a sign-in OTP first asks for a proof of work, answered 428) are lifted, and limit keys get a
 * prefix of their own, so runs never share a window with each other or with sign-ins the
 * machine's Redis has seen (the run stops at the first refusal otherwise).
 */
const dataDir = tempDataDir('pravesh-sso-bench-');
/** The sign-on section's own limits (above): far past the sends of one run. */
const SSO_BENCH_LIMITS = {
  PRAVESH_OTP_IP_LIMIT_PER_HOUR: '100000000',
  PRAVESH_SMS_BUDGET_PER_HOUR: '100000000',
  PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR: '100000000',
};
const adminUrl = process.env.SSO_BENCH_DATABASE_URL;
const redisUrl = process.env.SSO_BENCH_REDIS_URL;
/** SSO_BENCH_EVENTS_SINK=nats: analytics events on the machine's NATS, in a stream of this run's own. */
const eventsOnNats = process.env.SSO_BENCH_EVENTS_SINK === 'nats';
const dbName = `pravesh_bench_${randomBytes(6).toString('hex')}`;
let databaseUrl: string | undefined;
/** Given to buildApp, which closes only what it opened: closed here after the app. */
let openDatabase: DatabaseHandle | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const benchStream = `PRAVESH_EVENTS_${dbName.toUpperCase()}`;

/** The run's own stream goes with it (events of a benchmark are nobody's). */
async function deleteBenchStream(): Promise<void> {
  const nc = await connect({ servers: process.env.PRAVESH_NATS_URL || 'nats://127.0.0.1:4222' });
  try {
    await (await jetstreamManager(nc)).streams.delete(benchStream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

const cleanUp = async () => {
  await openDatabase?.close().catch(() => undefined);
  if (eventsOnNats) await deleteBenchStream().catch(() => undefined);
  dataDir.remove();
  if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
};

await runChildServer({
  async start() {
    if (adminUrl) {
      await admin(`create database ${dbName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const config = loadConfig({
      ...BENCH_ENV,
      PRAVESH_DATA_DIR: dataDir.dir,
      ...SSO_BENCH_LIMITS,
      PRAVESH_RATE_LIMIT_PREFIX: `${dbName}:`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      ...(eventsOnNats
        ? {
            PRAVESH_EVENTS_SINK: 'nats',
            PRAVESH_NATS_STREAM: benchStream,
            PRAVESH_NATS_SUBJECT_PREFIX: `bench.${dbName}.events`,
            ...(process.env.PRAVESH_NATS_URL ? { PRAVESH_NATS_URL: process.env.PRAVESH_NATS_URL } : {}),
          }
        : {}),
    });
    // Opened here, so the seed step (the offer catalogue) and the offers fixture share the server's
    // database: PGlite serves one handle per process.
    const database: DatabaseHandle = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    await runSeeders({ db: database.db, config, now: Date.now });
    // The account aggregator simulator, held here too so the aggregator fixture can approve a consent at it.
    const aggregator = createAggregatorSimulator({ now: Date.now });
    const app = await buildApp(config, { logger: false, database, providers: { aggregator } });
    // The NATS sink connects in the background: measure once it takes events.
    for (let attempt = 0; eventsOnNats && attempt < 100 && !(await app.readiness.check()).ready; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    openDatabase = database;
    const credit = createCreditStore(database.db);
    app.post<{ Body: { customerId: string } }>(ROUTES.offersFixture, async (request) => {
      const at = new Date();
      await credit.append(
        {
          customerId: request.body.customerId,
          bureau: 'CIBIL',
          provider: 'bench',
          providerReference: 'bench',
          state: { kind: 'SCORE', score: 820 },
          dateApplied: at,
          pulledAt: at,
          nextRefreshAt: new Date(at.getTime() + 30 * 86_400_000),
          consentReference: 'bench',
          report: null,
          scoreHistory: [],
        },
        at,
      );
      return { status: true, statusCode: 'success' };
    });
    const invoices = invoicesServiceFor({ db: database.db, config, now: Date.now });
    app.post<{ Body: { customerId: string } }>(ROUTES.invoiceFixture, async (request) => {
      const { invoice } = await invoices.issueInvoice({
        purchaseId: `bench-${request.body.customerId}`,
        customerId: request.body.customerId,
        recipient: { name: 'Bench Customer', mobile: '9000000000', state: 'Karnataka' },
        description: 'Credit Health Report (12 months)',
        taxablePaise: 49_900,
        paidAt: new Date(),
      });
      return { status: true, statusCode: 'success', response: { invoiceId: invoice.invoiceId } };
    });
    const aggregatorStore = createAggregatorStore(database.db);
    app.post<{ Body: { customerId: string; transactions?: number } }>(ROUTES.aggregatorFixture, async (request) => {
      const at = new Date();
      const accountId = await seedBusyAccount(aggregatorStore, {
        customerId: request.body.customerId,
        transactions: request.body.transactions ?? 10_000,
        at,
        ...(await consentAtSimulator(aggregator, at.getTime())),
      });
      return { status: true, statusCode: 'success', response: { accountId } };
    });
    app.get(ROUTES.employerCount, async () => ({
      status: true,
      statusCode: 'success',
      response: { employers: await database.db.$count(refEmployers) },
    }));
    // The trivial routes of bench/api-server.ts, so the speed ratios (bench/speed-ratios.ts) compare
    // real routes with a no-op on the same server, database and moment.
    const pong = () => ({ status: true, statusCode: 'success', response: { pong: true } });
    app.get(ROUTES.shielded, pong);
    app.get(ROUTES.open, { config: { shield: false } }, pong);
    // A POST no-op: what a request with a JSON body costs before any route does its work, the
    // ceiling of event/produce's and puckar/check's ratios (bench/speed-ratios.ts).
    app.post(ROUTES.shieldedPost, pong);
    return app;
  },
  cleanUp,
  stopOnSignals: true,
  failWithStack: false,
});
