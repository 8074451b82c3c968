/**
 * `npm test`: lint, type check and build side by side (none reads what another writes: the build
 * writes dist/, which lint and tsc ignore; tsc writes .tsbuild/), then the Vitest suite, then the
 * fault suite's short run, then the production smoke behind nginx on that build, then the
 * Playwright journeys on it. Each phase's output is printed whole when it ends, not
 * interleaved, followed by `phase NAME: N s`; a failed group stops the run, as `a && b` would.
 * `npm test -- unit e2e` runs only the phases named (e2e then expects a build).
 */
import { spawn } from 'node:child_process';

interface Phase {
  name: string;
  command: string;
  args: string[];
}

const npm = (name: string, script: string): Phase => ({ name, command: 'npm', args: ['run', '--silent', script] });

const ALL_GROUPS: Phase[][] = [
  [npm('lint', 'lint'), npm('typecheck', 'typecheck'), npm('build', 'build')],
  [npm('unit', 'test:unit')],
  // The fault suite's short run starts its own PostgreSQL, Redis and servers: alone, so its
  // recovery times and memory are its own (PRAVESH_SKIP_FAULTS=1 skips it, saying so).
  [npm('faults', 'test:faults')],
  // The compiled server behind nginx (scripts/smoke-prod.sh). Without nginx it says SKIPPED and
  // passes, except in CI (PRAVESH_CI=1, set by .ci/run, which installs nginx).
  [{ name: 'smoke-prod', command: 'scripts/smoke-prod.sh', args: ['--skippable'] }],
  // test:e2e builds first; the build of the first group serves here.
  [{ name: 'e2e', command: 'npx', args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'] }],
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !ALL_GROUPS.flat().some((phase) => phase.name === name));
if (unknown.length > 0) {
  console.error(
    `no such phase: ${unknown.join(', ')} (phases: ${ALL_GROUPS.flat()
      .map(({ name }) => name)
      .join(', ')})`,
  );
  process.exit(2);
}
const GROUPS = ALL_GROUPS.map((group) =>
  group.filter((phase) => chosen.length === 0 || chosen.includes(phase.name)),
).filter((group) => group.length > 0);

interface Outcome {
  name: string;
  seconds: number;
  code: number;
}

function run(phase: Phase, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // A phase running alone streams its output (the journeys' progress); side by side, each is held.
    const child = spawn(phase.command, phase.args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('close', (code, signal) => {
      if (held.length > 0) process.stdout.write(Buffer.concat(held));
      const seconds = Math.round((performance.now() - started) / 1000);
      console.log(`phase ${phase.name}: ${seconds} s${code === 0 ? '' : ` (failed: ${signal ?? `exit ${code}`})`}`);
      resolve({ name: phase.name, seconds, code: code ?? 1 });
    });
  });
}

const started = performance.now();
const outcomes: Outcome[] = [];
for (const group of GROUPS) {
  const results = await Promise.all(group.map((phase) => run(phase, group.length === 1)));
  outcomes.push(...results);
  if (results.some((result) => result.code !== 0)) break;
}
const total = Math.round((performance.now() - started) / 1000);
console.log(
  `\n${outcomes.map(({ name, seconds, code }) => `${name} ${seconds} s${code ? ' FAILED' : ''}`).join(', ')}`,
);
console.log(`phase total: ${total} s`);
process.exitCode = outcomes.length === GROUPS.flat().length && outcomes.every(({ code }) => code === 0) ? 0 : 1;
