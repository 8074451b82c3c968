import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOtp, signInCustomer, ssoServer, type SsoTestServer } from '../test/customers.ts';
import { getTestInstance, type TestInstance } from '../test/instance.ts';
import { createMetrics } from './metrics.ts';
import { listenMetrics } from './metrics-server.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const PRODUCE = '/MSP/api/v1/pbguc/event/produce';

/** The value of one series in Prometheus text, or undefined when it is not exposed. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance('pglite', { env: { PRAVESH_METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  const scrape = async () => {
    const reply = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    return reply.body;
  };

  it('is refused without the token, and with a wrong one', async () => {
    expect((await server.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'x'.repeat(40)}` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_server_request_duration_seconds');
  });

  it('counts requests by route template, method, status and spec status code', async () => {
    const produced = `http_server_request_duration_seconds_count{http_request_method="POST",http_route="${PRODUCE}",http_response_status_code="200",code="ok"}`;
    const before = sample(await scrape(), produced) ?? 0;
    for (let sent = 0; sent < 3; sent += 1) {
      const reply = await server.app.inject({
        method: 'POST',
        url: PRODUCE,
        headers: { 'pb-pass-token': await server.token(2) },
        payload: [{ eventId: randomUUID(), event: 'page_view' }],
      });
      expect(reply.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(sample(text, produced)).toBe(before + 3);
    // The raw URL never becomes a label (it may carry a pass token or ids): only the template.
    expect(text).not.toContain('pb-pass-token=');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts shield refusals by their spec code', async () => {
    const refused = await server.app.inject({ method: 'POST', url: PRODUCE, payload: [] });
    expect(refused.statusCode).toBe(401);
    const code = refused.json<{ statusCode: string }>().statusCode;
    const text = await scrape();
    expect(sample(text, `pravesh_shield_refusals_total{code="${code}"}`)).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        `http_server_request_duration_seconds_count{http_request_method="POST",http_route="${PRODUCE}",http_response_status_code="401",code="${code}"}`,
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('serves its own port without a token', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.otpSends.inc({ channel: 'sms' });
    const listener = await listenMetrics(metrics, { port: 0, host: '127.0.0.1', token: undefined });
    try {
      const address = listener!.addresses()[0]! as { port: number };
      const reply = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(reply.status).toBe(200);
      expect(sample(await reply.text(), 'pravesh_otp_sends_total{channel="sms"}')).toBe(1);
    } finally {
      await listener?.close();
    }
  });
});

describe('what modules count', () => {
  let server: SsoTestServer;
  beforeAll(async () => {
    server = await ssoServer('pglite', { env: { PRAVESH_METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  const scrape = async () =>
    (await server.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('counts OTP sends and refusals, batch sizes, queue depth and token-cache lookups', async () => {
    const customer = await signInCustomer(server);
    let text = await scrape();
    expect(sample(text, 'pravesh_otp_sends_total{channel="sms"}')).toBe(1);
    // The same number again within its resend window: refused, by reason.
    const again = await sendOtp(server, customer.mobileNo);
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    text = await scrape();
    expect(text).toMatch(/^pravesh_otp_refusals_total\{reason="otpResendTooSoon"\} 1$/m);

    const produced = await server.app.inject({
      method: 'POST',
      url: PRODUCE,
      headers: { 'pb-pass-token': await server.pass(2) },
      payload: [{ eventId: randomUUID(), event: 'page_view' }],
    });
    expect(produced.statusCode).toBe(200);
    const userinfo = () =>
      server.app.inject({ url: '/SSOSP/oauth/userinfo', headers: { authorization: `Bearer ${customer.accessToken}` } });
    expect((await userinfo()).statusCode).toBe(200);
    expect((await userinfo()).statusCode).toBe(200);
    text = await scrape();
    expect(sample(text, 'pravesh_batch_size_count{queue="analytics event"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pravesh_queue_depth{queue="analytics event"}')).toBe(0);
    expect(sample(text, 'pravesh_cache_lookups_total{cache="token liveness",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pravesh_cache_lookups_total{cache="token liveness",result="miss"}')).toBeGreaterThanOrEqual(1);
  });
});

describe('request ids', () => {
  let server: TestInstance;
  beforeAll(async () => {
    server = await getTestInstance('pglite');
  });
  afterAll(() => server?.close());

  it('takes the trace id of a valid traceparent, a safe x-request-id, else makes one', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await server.app.inject({
      url: '/healthz',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(traced.headers['x-request-id']).toBe(traceId);
    const zeros = await server.app.inject({
      url: '/healthz',
      headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
    });
    expect(zeros.headers['x-request-id']).not.toBe('0'.repeat(32));
    const proxied = await server.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-1234abcd' } });
    expect(proxied.headers['x-request-id']).toBe('edge-1234abcd');
    const forged = await server.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'a\nlevel=fatal msg=forged' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const plain = await server.app.inject('/healthz');
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id in every log line of the request, and counts it with the server’s own logger on', async () => {
    const lines: string[] = [];
    const logged = await getTestInstance('pglite', {
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      env: { PRAVESH_LOG_LEVEL: 'info', PRAVESH_METRICS_TOKEN: TOKEN },
    });
    try {
      const traceId = 'aa0f2f3577b34da6a3ce929d0e0e4736';
      await logged.app.inject({ url: '/no-such-page', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      const requestLines = lines.map(
        (line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: unknown; msg?: string },
      );
      const aboutRequest = requestLines.filter((line) => line.req !== undefined || line.res !== undefined);
      expect(aboutRequest.length).toBeGreaterThanOrEqual(2);
      for (const line of aboutRequest) expect(line.reqId).toBe(traceId);
      // The metrics ride on Fastify's log controller (plugin.ts): its own "request completed" line stays.
      expect(aboutRequest.map(({ msg }) => msg)).toContain('request completed');
      const text = (await logged.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      // A path no route matches is counted under one label, never its raw path.
      expect(
        sample(
          text,
          'http_server_request_duration_seconds_count{http_request_method="GET",http_route="unmatched",http_response_status_code="404",code="notFound"}',
        ),
      ).toBe(1);
      expect(text).not.toContain('no-such-page');
    } finally {
      await logged.close();
    }
  });
});
