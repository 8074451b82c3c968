import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, SSO_DEV_ROUTES, devCallerIdPath } from '@pravesh/core';
import { CONSENT_DEV_PUBLISH_PATH } from '../modules/consent/dev-routes.ts';
import { getTestInstance } from '../test/instance.ts';

/**
 * The development aids answer without authentication (every OTP in /dev/outbox,
 * approval of any caller-id request, publishing terms), so only the `local` environment has them.
 */
const DEV_REQUESTS = [
  { method: 'GET', url: SSO_DEV_ROUTES.outbox },
  { method: 'GET', url: SSO_DEV_ROUTES.outboxJson },
  { method: 'GET', url: devCallerIdPath('nonce-0123456789') },
  { method: 'POST', url: `${devCallerIdPath('nonce-0123456789')}/approve`, payload: { mobileNo: '9876543210' } },
  { method: 'POST', url: CONSENT_DEV_PUBLISH_PATH, payload: { contractId: 'pb-tnc-main', markup: '<p>x</p>' } },
] as const;

describe('development routes', () => {
  it.each(ENVIRONMENTS.filter((environment) => environment !== 'local'))(
    'answer 404 in %s, with nothing published',
    async (environment) => {
      const server = await getTestInstance('pglite', {
        env: {
          PRAVESH_ENV: environment,
          // Production also needs site origins and a real SMS gateway to start at all.
          PRAVESH_SITE_CONFIG: JSON.stringify({ '2': { origins: ['https://www.example.in'] } }),
          PRAVESH_SMS_PROVIDER: environment === 'production' ? 'http' : 'outbox',
          PRAVESH_SMS_HTTP_URL: 'https://sms.example.in/send',
          PRAVESH_CONSENT_SEED_DEMO: '1',
        },
      });
      try {
        for (const request of DEV_REQUESTS) {
          const reply = await server.app.inject(request);
          expect({ url: request.url, status: reply.statusCode }).toEqual({ url: request.url, status: 404 });
        }
        const reply = await server.app.inject({ method: 'GET', url: '/healthz' });
        expect(reply.statusCode).toBe(200);
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it('answer in local', async () => {
    const server = await getTestInstance('pglite');
    try {
      expect((await server.app.inject(DEV_REQUESTS[0])).statusCode).toBe(200);
      expect((await server.app.inject(DEV_REQUESTS[1])).statusCode).toBe(200);
      expect((await server.app.inject(DEV_REQUESTS[2])).statusCode).toBe(200);
      const published = await server.app.inject(DEV_REQUESTS[4]);
      expect(published.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);
});
