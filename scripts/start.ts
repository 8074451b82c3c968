/**
 * `npm start`: the API and two demo embedding sites on their own origins, with the embedded
 * database unless DATABASE_URL is set. The SDK bundle must be built first (`npm run build`;
 * `npm start` does it), because the API serves it under /sdk/.
 *
 * `--also '{"PORT":"4103","PRAVESH_ONDC_ELIGIBLE":"0"}'` (repeatable) serves a further API instance
 * in this process, on the same database and clock, with those settings laid over the environment's:
 * the same deployment with a feature switch of spec 001 §9 the other way, side by side (the
 * journeys' ONDC-off instance, e2e/web-server.ts). One process, because PGlite serves one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { findSite } from '@pravesh/core';
import { createDemoServer, type DemoServer } from '@pravesh/demo';
import { buildApp } from '@pravesh/server';
import { ConfigError, DEMO_ORIGINS, loadConfig, type AppConfig } from '@pravesh/server/config';
import { seedConfiguredDatabase } from '@pravesh/server/seed';

/**
 * The demo sites stand in for the homepage (2) and credit card (7) sites of "Kosh", the demo
 * marketplace; see DEMO_ORIGINS.
 */
const DEMO_SITES = [
  { siteId: 2, origin: DEMO_ORIGINS.siteA, label: 'Kosh, the marketplace homepage' },
  { siteId: 7, origin: DEMO_ORIGINS.siteB, label: 'Kosh Cards, the credit-card site' },
] as const;

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** The settings of each --also instance: the environment with the flag's names laid over it. */
function alsoServedConfigs(): { config: AppConfig; changed: string }[] {
  const { values } = parseArgs({ options: { also: { type: 'string', multiple: true } } });
  return (values.also ?? []).map((flag) => {
    let overrides: unknown;
    try {
      overrides = JSON.parse(flag);
    } catch {
      throw new ConfigError(`--also takes a JSON object of settings, not ${flag}`);
    }
    if (
      typeof overrides !== 'object' ||
      overrides === null ||
      Object.values(overrides).some((value) => typeof value !== 'string')
    ) {
      throw new ConfigError(`--also takes a JSON object of string settings, not ${flag}`);
    }
    const settings = overrides as Record<string, string>;
    const changed = Object.entries(settings)
      .filter(([name]) => name !== 'PORT')
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    return { config: loadConfig({ ...process.env, ...settings }), changed };
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const alsoServed = alsoServedConfigs();
  const sdkScript = path.join(config.sdkDistDir, 'pravesh.js');
  if (!existsSync(sdkScript)) {
    // buildApp only mounts /sdk/ when the bundle exists, so the demo pages would load nothing.
    throw new ConfigError(`the SDK is not built (${sdkScript} is missing): run "npm run build" first`);
  }

  // Demo data (the offer catalogue, …) before the server opens the database: PGlite serves one process.
  for (const line of await seedConfiguredDatabase(config)) console.log(`seed: ${line}`);
  const api: FastifyInstance = await buildApp(config);
  const others: FastifyInstance[] = [];
  const demos: DemoServer[] = [];
  let closing = false;

  const closeAll = async (): Promise<void> => {
    // Not ready from the first moment (/readyz), before anything drains.
    for (const instance of [api, ...others]) instance.readiness.markStopping();
    // Demo pages first, so nothing new reaches the API while it drains and closes the database;
    // the instances alongside it before it, since it owns the database they use.
    await Promise.allSettled(demos.map((demo) => demo.close()));
    await Promise.allSettled(others.map((instance) => instance.close()));
    await api.close();
  };

  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} received: shutting down…`);
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    closeAll().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    // Before the first instance: its /readyz is what a caller (Playwright) waits for.
    for (const { config: other } of alsoServed) {
      const instance = await buildApp(other, { alongside: api });
      others.push(instance);
      await instance.listen({ host: other.host, port: other.port });
    }
    await api.listen({ host: config.host, port: config.port });
    for (const { siteId, origin } of DEMO_SITES) {
      const site = findSite(siteId);
      const demo = await createDemoServer({
        host: config.host,
        port: Number(new URL(origin).port),
        siteId,
        siteName: site?.name ?? `Site ${siteId}`,
        apiUrl: config.publicUrl,
        environment: config.environment,
        publicOrigin: origin,
        links: { homepage: DEMO_ORIGINS.siteA, cards: DEMO_ORIGINS.siteB },
      });
      demos.push(demo);
      await demo.listen();
    }
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }

  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  // The outbox exists only where the SMS simulator is the provider (never in production).
  const outbox = config.sso.sms.kind === 'outbox' ? `${config.publicUrl}/dev/outbox` : undefined;
  const rows: [string, string][] = [
    ...demos.map((demo, index): [string, string] => {
      const { siteId, label } = DEMO_SITES[index]!;
      return [`Demo site ${index === 0 ? 'A' : 'B'}`, `${demo.url}  ${label} (site ${siteId})`];
    }),
    ...(outbox ? [['OTP outbox', `${outbox}  codes the demo would have sent by SMS`] as [string, string]] : []),
    ['My Account', `${config.publicUrl}/myaccount/  the signed-in dashboard (spec 001)`],
    ['API', config.publicUrl],
    ...alsoServed.map(({ config: other, changed }): [string, string] => [
      'API, also',
      `${other.publicUrl}  ${changed}`,
    ]),
    ['API docs', `${config.publicUrl}/docs`],
    ['Health', `${config.publicUrl}/healthz  and /readyz`],
    ['SDK script', `${config.publicUrl}/sdk/pravesh.js`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const bold = (text: string) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${text}\u001b[0m` : text);
  console.log(
    [
      '',
      bold(`Pravesh is running (${config.environment}, ${database}).`),
      '',
      ...rows.map(([label, url]) => `  ${label.padEnd(width)}  ${url}`),
      '',
      ...(outbox
        ? [
            'Sign in on a demo site with any mobile number starting 6-9; the OTP shows up in the outbox above.',
            'Each demo page has a Developer panel (footer) with the demo customer and the request shield.',
            '',
          ]
        : []),
      `Logs follow: ${config.environment === 'local' ? 'warnings, errors and refused requests' : 'JSON lines'} (PRAVESH_LOG_LEVEL=${config.logLevel}). Press Ctrl+C to stop.`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
