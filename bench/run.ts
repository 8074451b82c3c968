import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startApiProcess, type ApiProcess } from './api-process.ts';
import { bundleSizeRows, measureBundleSizes } from './bundle-size.ts';
import { consentCheckRows, measureConsentCheck } from './consent-check.ts';
import { consentPanelSizeRows, measureConsentPanelSizes } from './consent-panel-size.ts';
import { dashboardSizeRows, measureDashboardSize } from './dashboard-size.ts';
import { dashboardPageRows, measureDashboardPage } from './dashboard-page.ts';
import { benchFilter, formatTable, writeJsonReport, type Row } from './report.ts';
import { measureWidgetSizes, widgetSizeRows } from './widget-sizes.ts';
import { measureScriptPeers, scriptPeerRows } from './script-peers.ts';
import { measureServerLoad, serverLoadRows } from './server-load.ts';
import { measureSpeedRatios, speedRatioRows } from './speed-ratios.ts';
import { measureSso, ssoRows } from './sso.ts';
import { measureVisitIngestion, visitIngestionRows } from './visit-ingestion.ts';
import { measureTokenInBrowser, tokenRows } from './token-in-browser.ts';
import { measureNudgeHostPage, nudgeHostPageRows } from './nudge-host-page.ts';
import { invoicePdfRows, measureInvoicePdf } from './invoice-pdf.ts';
import { aggregatorRows, measureAggregator } from './aggregator.ts';
import { employerSearchRows, measureEmployerSearch } from './employer-search.ts';
import { measureProductionServer, productionServerRows } from './production-server.ts';

/**
 * `npm run bench`: one run of every benchmark, one table. A missed target is reported, not
 * failed (tests assert, benchmarks report); the exit code is 1 only when a measurement could
 * not be made at all.
 *
 * `npm run bench -- --only ratios,dashboard-page` runs only the named sections (a name matches a
 * section whose name, with spaces as dashes, contains it: `ratios` → "speed ratios"); the full
 * table stays the default. `--list` prints the section names.
 */

const sdkDist = fileURLToPath(new URL('../packages/sdk/dist', import.meta.url));
const sdkScript = `${sdkDist}/pravesh.js`;
const dashboardDist = fileURLToPath(new URL('../apps/dashboard/dist', import.meta.url));
const resultsFile = fileURLToPath(new URL('./results/latest.json', import.meta.url));

const rows: Row[] = [];
const details: Record<string, unknown> = {};
let broken = false;

const SECTIONS = [
  'bundle size',
  'script peers',
  'consent panel size',
  'widget sizes',
  'dashboard size',
  'dashboard page',
  'server load',
  'pass token in browser',
  'visit ingestion',
  'sign-on',
  'consent check',
  'speed ratios',
  'invoice pdf',
  'aggregator',
  'employer search',
  'nudge host page',
  'production server',
] as const;
type SectionName = (typeof SECTIONS)[number];

const { only, list } = benchFilter(process.argv.slice(2), SECTIONS);
if (list) {
  console.log(SECTIONS.map((name) => name.replaceAll(' ', '-')).join('\n'));
  process.exit(0);
}
const selected = (name: SectionName) => only === undefined || only.has(name);

/** Runs one measurement; a failure becomes an ERROR row so the others still report. */
async function section<T>(
  name: SectionName,
  measure: () => Promise<T> | T,
  toRows: (result: T) => Row[],
): Promise<void> {
  if (!selected(name)) return;
  console.error(`bench: ${name}…`);
  try {
    const result = await measure();
    details[name] = result;
    rows.push(...toRows(result));
  } catch (error) {
    broken = true;
    const message = error instanceof Error ? error.message : String(error);
    details[name] = { error: message };
    rows.push({ metric: name, value: '-', target: '-', verdict: 'ERROR', note: message.split('\n')[0] });
  }
}

function requireSdkBuild(): void {
  if (!existsSync(sdkScript)) throw new Error(`${sdkScript} is missing: run npm run build first`);
}

let api: ApiProcess | undefined;
try {
  await section(
    'bundle size',
    () => {
      requireSdkBuild();
      return measureBundleSizes(sdkDist);
    },
    bundleSizeRows,
  );
  // Each SDK script beside the smallest peer library, same bundler and gzip -9.
  await section('script peers', () => measureScriptPeers(sdkDist), scriptPeerRows);
  await section('consent panel size', () => measureConsentPanelSizes(sdkDist), consentPanelSizeRows);
  await section('widget sizes', () => measureWidgetSizes(sdkDist), widgetSizeRows);
  await section('dashboard size', () => measureDashboardSize(dashboardDist), dashboardSizeRows);
  // The dashboard's LCP and INP under 4× CPU and Slow 4G (its own server, stopped after).
  await section('dashboard page', () => measureDashboardPage(), dashboardPageRows);
  // The shared API server starts only when a section that uses it runs.
  if (selected('server load') || selected('pass token in browser')) {
    const server = await startApiProcess();
    api = server;
    await section('server load', () => measureServerLoad(server), serverLoadRows);
    await section(
      'pass token in browser',
      () => {
        requireSdkBuild();
        return measureTokenInBrowser(server.url, sdkScript);
      },
      tokenRows,
    );
  }
} catch (error) {
  broken = true;
  const message = error instanceof Error ? error.message : String(error);
  rows.push({ metric: 'API server', value: '-', target: '-', verdict: 'ERROR', note: message.split('\n')[0] });
} finally {
  await api?.stop();
}
// These start their own servers (one per database kind), so they run after the shared API stopped.
await section('visit ingestion', () => measureVisitIngestion(), visitIngestionRows);
await section('sign-on', () => measureSso(), ssoRows);
await section('consent check', () => measureConsentCheck(), consentCheckRows);
// Shield cost, event/produce and puckar/check as ratios to a no-op route, one server.
await section('speed ratios', () => measureSpeedRatios(), speedRatioRows);
// Invoice PDF latency as a ratio of the shielded no-op (own server).
await section('invoice pdf', () => measureInvoicePdf(), invoicePdfRows);
// The transactions page at 10,000 rows and a 3-month statement PDF, as ratios of the no-op (own servers).
await section('aggregator', () => measureAggregator(), aggregatorRows);
// Employer search p99 over the full seeded list, as a ratio of the shielded no-op (own server).
await section('employer search', () => measureEmployerSearch(), employerSearchRows);
// The nudge's CLS on the demo homepage, and its LCP/TBT with vs without the SDK (own servers).
await section('nudge host page', () => measureNudgeHostPage(), nudgeHostPageRows);
// The compiled server's start-up and idle memory, and what request metrics cost (own servers).
await section('production server', () => measureProductionServer(), productionServerRows);

console.log(formatTable(rows));
// A partial run writes beside the full table's file, never over it.
const written = only === undefined ? resultsFile : resultsFile.replace(/latest\.json$/, 'latest-partial.json');
writeJsonReport(written, rows, details);
console.log(`\nwritten to ${written}`);
process.exitCode = broken ? 1 : 0;
