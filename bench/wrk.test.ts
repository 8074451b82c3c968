import { describe, expect, it } from 'vitest';
import { parseWrkReport } from './wrk.ts';

// Reports as wrk 4.1.0 (Debian) prints them with --latency.
const WITH_FAILURES = `Running 1s test @ http://127.0.0.1:9911/
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   245.16us  726.57us  12.03ms   94.17%
    Req/Sec    47.57k    23.58k   68.19k    80.00%
  Latency Distribution
     50%   64.00us
     75%  117.00us
     90%  434.00us
     99%    3.33ms
  47109 requests in 1.00s, 5.61MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 4710
Requests/sec:  47081.50
Transfer/sec:      5.61MB
`;

describe('wrk report', () => {
  it('gives requests, time, 2xx, failures and the 99th percentile in ms', () => {
    expect(parseWrkReport(WITH_FAILURES)).toEqual({
      requests: 47109,
      seconds: 1,
      ok: 47109 - 4710,
      non2xx: 4710,
      errors: 5,
      p99Ms: 3.33,
    });
  });

  it('reads microsecond and second units, and a clean run has no failures', () => {
    const clean = WITH_FAILURES.replace('3.33ms', '850.00us')
      .replace('1.00s,', '8.00s,')
      .replace(/ {2}Socket errors.*\n/, '')
      .replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrkReport(clean)).toEqual({
      requests: 47109,
      seconds: 8,
      ok: 47109,
      non2xx: 0,
      errors: 0,
      p99Ms: 0.85,
    });
    expect(parseWrkReport(clean.replace('850.00us', '1.20s')).p99Ms).toBe(1200);
  });

  it('refuses a report without totals rather than reading zeros', () => {
    expect(() => parseWrkReport('unable to connect to 127.0.0.1:9 Connection refused')).toThrow(/no totals/);
  });
});
