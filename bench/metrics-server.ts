import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LogController, type FastifyInstance } from 'fastify';
import { buildApp } from '@pravesh/server';
import { loadConfig } from '@pravesh/server/config';
import { createMetrics } from '../apps/server/src/observability/metrics.ts';
import { MeteredLogController } from '../apps/server/src/observability/plugin.ts';
import { BENCH_ENV, ROUTES } from './api-process.ts';
import { answerParent, sendToParent, tempDataDir } from './child-server.ts';
import { BLOCK_MS, CONTROL, ORDERS, SIDES, type Block, type Side } from './metrics-turns.ts';

/**
 * Child-process entry of the bench "metrics on ÷ off" (bench/production-server.ts): one copy of the
 * API, metered, under one steady load, whose metrics are switched on and off in turns of BLOCK_MS.
 * Per block it notes the requests received and the process's CPU time. Three sides take turns,
 * each turn of three in another of the six orders: `on`, the metrics as deployed; `off` and `twin`,
 * the same app as `metrics: false` builds it, twice (their ratio is the A/A check: what noise alone
 * gives).
 *
 * What switching changes is everything metrics add to a running server: the log controller
 * Fastify calls for each finished response (observability/plugin.ts MeteredLogController, or
 * Fastify's own LogController as an app without metrics has; a fresh one for each unmetered side),
 * and the process metrics' GC observer and event-loop monitor (observability/process-metrics.ts,
 * started for `on` blocks only: they are process-wide). The rest of a metered app is read at
 * scrape time, and no scrape happens here.
 *
 * Why one app switched, rather than two servers (the row's first form) or two copies in one
 * process: two processes differed by more than the 3 % being measured when both had metrics on
 * (A/A 0.96 in throughput, 1.14 in CPU), from how each one's code was compiled and where the
 * scheduler put it; copies in one process still differed by a per cent or two from one another
 * (their objects have their own hidden classes, so shared code's inline caches treat them
 * unequally). One app has one of each; the client's connections never change; and a turn is
 * 0.3 s, so what the box's other work does falls on all three sides alike.
 */

const dataDir = tempDataDir('pravesh-bench-metrics-');
const apps: FastifyInstance[] = [];

/** Fastify keeps an instance's log controller under this symbol (fastify.js); the bench swaps it between blocks. */
function logControllerKey(app: FastifyInstance): symbol {
  const key = Object.getOwnPropertySymbols(app).find((symbol) => symbol.description === 'fastify.logController');
  if (key === undefined) throw new Error("Fastify's log controller was not found on the app");
  return key;
}

async function start(): Promise<void> {
  const config = loadConfig({ ...BENCH_ENV, PRAVESH_DATA_DIR: dataDir.dir });
  // BENCH_PROCESS_METRICS=off leaves the GC observer and event-loop monitor out: the request metrics' share alone.
  const metrics = createMetrics({ processMetrics: process.env.BENCH_PROCESS_METRICS !== 'off' });
  const pong = () => ({ status: true, statusCode: 'success', response: { pong: true } });
  // With the server's own logger, as deployed (bench/api-server.ts BENCH_LOGGER=server).
  const app = await buildApp(config, { metrics });
  apps.push(app);
  app.get(ROUTES.shielded, pong);
  await app.ready();
  const key = logControllerKey(app);
  const controllers: Record<Side, LogController> = {
    on: (app as unknown as Record<symbol, LogController>)[key]!,
    // What Fastify makes when not given one (logger-factory.js createLogController), once per side.
    off: new LogController(),
    twin: new LogController(),
  };
  if (!(controllers.on instanceof MeteredLogController)) throw new Error('the app is not metered');
  const useController = (side: Side) => {
    (app as unknown as Record<symbol, LogController>)[key] = controllers[side];
  };
  const serve = app.routing;

  let turn = 0;
  let position = 0;
  let side: Side = ORDERS[0]![0]!;
  let requests = 0;
  let blockStart = performance.now();
  let cpuStart = process.cpuUsage();
  let recording: { wanted: number; blocks: Block[]; done(blocks: Block[]): void; started: boolean } | undefined;

  const switchTurn = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(cpuStart);
    if (recording?.started) {
      recording.blocks.push({ side, requests, ms: now - blockStart, cpuMicros: cpu.user + cpu.system });
      if (recording.blocks.length === recording.wanted) {
        recording.done(recording.blocks);
        recording = undefined;
      }
    }
    position += 1;
    if (position === SIDES.length) {
      position = 0;
      turn += 1;
      if (recording) recording.started = true;
    }
    const next = ORDERS[turn % ORDERS.length]![position]!;
    if (next === 'on') metrics.process?.start();
    else if (side === 'on') metrics.process?.stop();
    side = next;
    useController(side);
    requests = 0;
    blockStart = performance.now();
    cpuStart = process.cpuUsage();
  };
  useController(side);
  metrics.process?.stop();
  if (side === 'on') metrics.process?.start();
  const rotation = setInterval(switchTurn, BLOCK_MS);

  const control = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const answer = (body: unknown) => response.setHeader('content-type', 'application/json').end(JSON.stringify(body));
    if (url.pathname === CONTROL.record) {
      const wanted = Number(url.searchParams.get('blocks'));
      // Whole turns only, so every side has as many blocks in every order.
      if (!(wanted > 0) || wanted % SIDES.length !== 0) return response.writeHead(400).end();
      recording = { wanted, blocks: [], done: answer, started: false };
      return;
    }
    if (url.pathname === CONTROL.counted) {
      return void metrics.registry.getSingleMetricAsString('http_server_request_duration_seconds').then((text) => {
        let count = 0;
        for (const match of text.matchAll(/_count\{[^}]*\} (\d+)/g)) count += Number(match[1]);
        answer({ count });
      });
    }
    response.writeHead(404).end();
  };

  const server = createServer({ keepAliveTimeout: 72_000 }, (request, response) => {
    if (request.url === ROUTES.shielded) {
      requests += 1;
      serve(request, response);
    } else control(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  answerParent(
    async () => {
      clearInterval(rotation);
      server.closeAllConnections();
      server.close();
      metrics.process?.stop();
      try {
        for (const app of apps) await app.close();
      } finally {
        dataDir.remove();
        process.exit(0);
      }
    },
    { stopOnSignals: true },
  );
  await sendToParent({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

try {
  await start();
} catch (error) {
  for (const app of apps) await app.close().catch(() => undefined);
  dataDir.remove();
  await sendToParent({
    type: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
}
