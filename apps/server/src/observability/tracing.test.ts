import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test/instance.ts';

const run = promisify(execFile);
const probe = fileURLToPath(new URL('./trace-probe.ts', import.meta.url));
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

interface ProbeOutput {
  kind: string;
  status: number;
  requestId: string;
  spans: { name: string; traceId: string; attributes: Record<string, unknown> }[];
}

describe('tracing', () => {
  let outputs: ProbeOutput[];
  beforeAll(async () => {
    // One probe process for every kind (trace-probe.ts): it prints one JSON line per kind.
    const { stdout } = await run(process.execPath, ['--import', 'tsx', probe], {
      env: { ...process.env, PROBE_DATABASE_KINDS: DATABASE_KINDS.join(',') },
      timeout: 110_000,
    });
    outputs = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ProbeOutput);
  }, 120_000);

  it.each(DATABASE_KINDS)(
    'on %s gives one request one trace, continued from traceparent, with its database spans',
    (kind) => {
      const output = outputs.find((candidate) => candidate.kind === kind);
      expect(output?.status).toBe(200);
      expect(output!.requestId).toBe(TRACE_ID);
      expect(output!.spans.length).toBeGreaterThan(1);
      expect(new Set(output!.spans.map((span) => span.traceId))).toEqual(new Set([TRACE_ID]));
      const request = output!.spans.find((span) => span.name === 'request');
      expect(request?.attributes['http.route']).toBe('/readyz');
      if (kind === 'postgres') {
        const queries = output!.spans.filter((span) => span.name.startsWith('pg.query'));
        expect(queries.map((span) => span.attributes['db.query.text'])).toContain('select 1');
      }
    },
  );
});
