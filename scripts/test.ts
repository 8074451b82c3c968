/**
 * `npm test`: lint, type check and build side by side (none reads what another writes: the build
 * writes dist/, which lint and tsc ignore; tsc writes .tsbuild/); the Vitest suite once the type
 * check and the build pass, with the production smoke behind nginx beside it and the fault suite's
 * short run once the lint is done; then the Playwright journeys. A phase starts once the phases it
 * comes `after` have passed; a failed phase starts nothing more, as `a && b` would. Each phase's output
 * is printed whole when it ends unless it streams (the long ones, whose progress is worth seeing:
 * each line then carries the phase's name, as two of them run at once), followed by
 * `phase NAME: N s`.
 * `npm test -- unit e2e` runs only the phases named (e2e then expects a build).
 */
import { spawn } from 'node:child_process';

interface Phase {
  name: string;
  command: string;
  args: string[];
  /** The phases that must have passed first (of those chosen). */
  after: string[];
  /** Streams its output as it comes instead of holding it until it ends. */
  streams?: boolean;
  /** Runs its Node processes with V8's default young generation (see LARGER_YOUNG_GENERATION). */
  defaultHeap?: boolean;
}

/**
 * A young generation four times V8's default (16 MB semi-spaces) for the phases' Node processes:
 * ESLint (whose type-aware rules build TypeScript 5.9 programs) and the Vitest workers allocate fast
 * and mostly short-lived, and with more room fewer objects live long enough to be copied and
 * promoted: TypeScript 5.9's `tsc -b` from scratch took 108 CPU-seconds instead of 123. The fault
 * suite keeps the default: it bounds its servers' resident memory.
 */
const LARGER_YOUNG_GENERATION = '--max-semi-space-size=64';

const npm = (name: string, script: string, after: string[] = [], streams = false): Phase => ({
  name,
  command: 'npm',
  args: ['run', '--silent', script],
  after,
  streams,
});

const ALL_PHASES: Phase[] = [
  npm('lint', 'lint'),
  // TypeScript 7, the native compiler: `tsc -b` from scratch in 52 CPU-seconds (27 s on two cores)
  // where TypeScript 5.9 took 106 (75 s), and the Vitest suite waits for it. TypeScript 5.9 stays
  // the `typescript` package, for typescript-eslint, which needs the JavaScript API 7 does not have.
  npm('typecheck', 'typecheck'),
  npm('build', 'build'),
  // Once the type check and the build are done, not the lint: lint is one process, and the minute
  // it runs on after them used one core of two. After the build, whose apps/server/dist the
  // compiled-server test starts (PRAVESH_SERVER_BUILT, below, tells it not to build it again).
  npm('unit', 'test:unit', ['typecheck', 'build'], true),
  // The fault suite's short run starts its own PostgreSQL, Redis and servers, injects each fault for
  // a fixed time under a paced load, and checks that nothing acknowledged was lost
  // (PRAVESH_SKIP_FAULTS=1 skips it, saying so). Its checks have wide margins (recovery in 5–10 s
  // where it takes under 1; a token check in 1 s or 4× the same check unfaulted), so it runs beside
  // another phase: a fixed-time run alone left a fifth of the two cores idle for a minute. Beside
  // the Vitest suite once the lint is done, where the cores have room (the suite's files wait on
  // the servers they start), not beside the journeys, which use both cores throughout: its
  // 47 CPU-seconds there lengthened them by about 20 s.
  { ...npm('faults', 'test:faults', ['lint'], true), defaultHeap: true },
  // The compiled server behind nginx (scripts/smoke-prod.sh), on its own database, Redis and ports:
  // beside the Vitest suite, where it mostly waits for its servers; not beside the type check,
  // which it slowed by half and with it the Vitest suite's start. Without nginx it says SKIPPED
  // and passes, except in CI (PRAVESH_CI=1, set by .ci/run, which installs nginx).
  { name: 'smoke-prod', command: 'scripts/smoke-prod.sh', args: ['--skippable'], after: ['typecheck', 'build'] },
  // The journeys once the Vitest suite is done, not beside it: there they shared two cores four
  // ways (Vitest's two workers, the journeys' server and Chromium) and both suites' waits ran out —
  // the type check took 344 s instead of 72, component tests missed their 5 s waits.
  {
    name: 'e2e',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    after: ['build', 'unit'],
    streams: true,
  },
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !ALL_PHASES.some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(`no such phase: ${unknown.join(', ')} (phases: ${ALL_PHASES.map(({ name }) => name).join(', ')})`);
  process.exit(2);
}
const PHASES = ALL_PHASES.filter((phase) => chosen.length === 0 || chosen.includes(phase.name));
const planned = new Set(PHASES.map(({ name }) => name));

interface Outcome {
  name: string;
  seconds: number;
  code: number;
}

/** Writes a streaming phase's output line by line, each line led by the phase's name. */
function prefixed(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WriteStream): () => void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) out.write(`${name} │ ${line}\n`);
  });
  return () => {
    if (partial) out.write(`${name} │ ${partial}\n`);
    partial = '';
  };
}

function run(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // A phase after a passed build is told so: the compiled-server test then starts that build
    // instead of building apps/server/dist again.
    const env: NodeJS.ProcessEnv = { ...process.env, ...(passed('build') ? { PRAVESH_SERVER_BUILT: '1' } : {}) };
    if (!phase.defaultHeap) env.NODE_OPTIONS = [env.NODE_OPTIONS, LARGER_YOUNG_GENERATION].filter(Boolean).join(' ');
    const child = spawn(phase.command, phase.args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const held: Buffer[] = [];
    const flushes: (() => void)[] = [];
    if (phase.streams) {
      flushes.push(
        prefixed(phase.name, child.stdout, process.stdout),
        prefixed(phase.name, child.stderr, process.stderr),
      );
    } else {
      child.stdout.on('data', (chunk: Buffer) => held.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => held.push(chunk));
    }
    child.on('close', (code, signal) => {
      for (const flush of flushes) flush();
      if (held.length > 0) process.stdout.write(Buffer.concat(held));
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`phase ${phase.name}: ${seconds} s${code === 0 ? '' : ` (failed: ${signal ?? `exit ${code}`})`}`);
      resolve({ name: phase.name, seconds, code: code ?? 1 });
    });
  });
}

const started = performance.now();
const outcomes: Outcome[] = [];
const running = new Map<string, Promise<Outcome>>();
const passed = (name: string) => outcomes.some((outcome) => outcome.name === name && outcome.code === 0);
for (;;) {
  const failed = outcomes.some(({ code }) => code !== 0);
  // Start every phase whose earlier phases (those chosen) have passed; none once one has failed.
  for (const phase of failed ? [] : PHASES) {
    const due = phase.after.filter((name) => planned.has(name)).every(passed);
    if (due && !running.has(phase.name) && !outcomes.some(({ name }) => name === phase.name)) {
      running.set(phase.name, run(phase));
    }
  }
  if (running.size === 0) break;
  const outcome = await Promise.race(running.values());
  running.delete(outcome.name);
  outcomes.push(outcome);
}
const total = Math.round((performance.now() - started) / 1000);
console.log(
  `\n${outcomes.map(({ name, seconds, code }) => `${name} ${seconds} s${code ? ' FAILED' : ''}`).join(', ')}`,
);
console.log(`phase total: ${total} s`);
process.exitCode = outcomes.length === PHASES.length && outcomes.every(({ code }) => code === 0) ? 0 : 1;
