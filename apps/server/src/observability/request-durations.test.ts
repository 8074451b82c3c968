import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations, type RequestLabels } from './request-durations.ts';

const BOUNDS = [0.001, 0.01, 0.1, 1];
const PING: RequestLabels = {
  http_request_method: 'GET',
  http_route: '/MSP/api/v1/bench/ping',
  http_response_status_code: '200',
  code: 'ok',
};
const REFUSED: RequestLabels = { ...PING, http_response_status_code: '401', code: 'invalidJwtException' };
const OBSERVED: [RequestLabels, number][] = [
  [PING, 0.0004],
  [PING, 0.001], // on a bound: counted in it (le is "less than or equal")
  [PING, 0.05],
  [REFUSED, 0.2],
  [PING, 7], // beyond every bound: +Inf only
];

describe('request durations', () => {
  it('expose exactly what a prom-client Histogram fed the same observations exposes', async () => {
    const ours = new Registry();
    const durations = new RequestDurations(BOUNDS);
    ours.registerMetric(durations.asMetric());
    const theirs = new Registry();
    const histogram = new Histogram({
      name: durations.name,
      help: durations.help,
      labelNames: Object.keys(PING),
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [labels, seconds] of OBSERVED) {
      durations.series(labels).observe(seconds);
      histogram.observe(labels, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_server_request_duration_seconds_bucket{le="0.01",http_request_method="GET",http_route="/MSP/api/v1/bench/ping",http_response_status_code="200",code="ok"} 2',
    );
    expect(text).toContain(
      'http_server_request_duration_seconds_count{http_request_method="GET",http_route="/MSP/api/v1/bench/ping",http_response_status_code="200",code="ok"} 4',
    );
  });

  it('hands out one series per label set, and forgets them on reset', async () => {
    const durations = new RequestDurations(BOUNDS);
    expect(durations.series({ ...PING })).toBe(durations.series(PING));
    durations.series(PING).observe(0.002);
    durations.reset();
    expect((await durations.get()).values).toEqual([]);
  });
});
