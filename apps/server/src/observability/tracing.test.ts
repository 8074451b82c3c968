import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test/instance.ts';

const run = promisify(execFile);
const probe = fileURLToPath(new URL('./trace-probe.ts', import.meta.url));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

interface ProbeOutput {
  status: number;
  requestId: string;
  spans: { name: string; traceId: string; attributes: Record<string, unknown> }[];
}

describe.each(DATABASE_KINDS)('tracing on %s', (kind) => {
  it('gives one request one trace, continued from traceparent, with its database spans', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', probe], {
      env: { ...process.env, PROBE_DATABASE_KIND: kind },
      timeout: 90_000,
    });
    const output = JSON.parse(stdout.trim().split('\n').at(-1)!) as ProbeOutput;
    expect(output.status).toBe(200);
    expect(output.requestId).toBe(TRACE_ID);
    expect(output.spans.length).toBeGreaterThan(1);
    expect(new Set(output.spans.map((span) => span.traceId))).toEqual(new Set([TRACE_ID]));
    const request = output.spans.find((span) => span.name === 'request');
    expect(request?.attributes['http.route']).toBe('/readyz');
    if (kind === 'postgres') {
      const queries = output.spans.filter((span) => span.name.startsWith('pg.query'));
      expect(queries.map((span) => span.attributes['db.query.text'])).toContain('select 1');
    }
  }, 120_000);
});
