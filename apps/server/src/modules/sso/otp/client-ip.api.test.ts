import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_ROUTES, SSO_ROUTES } from '@pravesh/core';
import { loadConfig } from '../../../config/index.ts';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { sendOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

/**
 * The client address comes from the socket unless the request came through a
 * configured proxy. With `trustProxy: true` a caller picked its own address with X-Forwarded-For:
 * 32 OTP sends to 32 numbers, each with a new forwarded address, all went through, the preference
 * limit fell the same way, and the consent ledger recorded the forged address.
 */
const SOCKET_IP = '203.0.113.50';
const forged = (i: number) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
/** Budgets out of the way: this file is about the per-IP limit. */
const LIMITS = {
  PRAVESH_OTP_IP_LIMIT_PER_HOUR: '30',
  PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR: '1000',
  PRAVESH_SMS_BUDGET_PER_HOUR: '1000',
};

describe('PRAVESH_TRUSTED_PROXIES', () => {
  it('is empty by default and takes addresses and CIDR blocks', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ PRAVESH_TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['*', 'true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ PRAVESH_TRUSTED_PROXIES: bad }), bad).toThrow(/PRAVESH_TRUSTED_PROXIES/);
    }
  });
});

describe.each(DATABASE_KINDS)('client addresses on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `9${String(n++ % 9)}${String(10_000_000 + n).slice(-8)}`;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: LIMITS });
  });
  afterAll(() => server?.close());

  it('limits 32 OTP sends to 32 numbers by the socket address, whatever X-Forwarded-For says', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 32; i++) {
      const reply = await sendOtp(server, nextMobile(), {
        ip: SOCKET_IP,
        header: { 'x-forwarded-for': forged(i), forwarded: `for=${forged(i)}` },
      });
      codes.push(reply.json<{ statusCode: string }>().statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 'success')).toBe(true);
    expect(codes.slice(30)).toEqual(['otpRateLimited', 'otpRateLimited']);
  });

  it('limits customer/preference by the socket address, whatever X-Forwarded-For says', async () => {
    const ip = '203.0.113.51';
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const reply = await server.app.inject({
        method: 'POST',
        url: SSO_ROUTES.preference,
        remoteAddress: ip,
        headers: { 'pb-pass-token': await server.pass(2), 'site-id': '2', 'x-forwarded-for': forged(i) },
        payload: { mobileNo: nextMobile() },
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('records the socket address in the consent ledger, not a forged one', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: CONSENT_ROUTES.userConsent,
      remoteAddress: SOCKET_IP,
      headers: { 'pb-pass-token': await server.pass(2), 'x-forwarded-for': '192.0.2.66' },
      payload: {
        contractId: 'pb-tnc-homepage',
        contractVersionId: '1',
        customerId: null,
        visitorId: `visitor-${randomUUID()}`,
        visitId: `visit-${randomUUID()}`,
        environment: 'local',
        userValue: 'Y',
        consentState: 1,
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const { entry } = reply.json<{ response: { entry: { ipHash: string } } }>().response;
    const keyed = (ip: string) => createHmac('sha256', server.config.piiHashKey).update(`ip\u0000${ip}`).digest('hex');
    expect(entry.ipHash).toBe(keyed(SOCKET_IP));
    expect(entry.ipHash).not.toBe(keyed('192.0.2.66'));
  });
});

describe.each(DATABASE_KINDS)('behind a configured proxy on %s', (kind) => {
  let server: SsoTestServer;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { ...LIMITS, PRAVESH_TRUSTED_PROXIES: '10.0.0.0/8' } });
  });
  afterAll(() => server?.close());

  it('believes the address the proxy appended, and only from the proxy', async () => {
    // Each client behind the proxy has its own limit: 31 clients, one send each, all go through.
    for (let i = 0; i < 31; i++) {
      const reply = await sendOtp(server, `97${String(10_000_000 + i).slice(-8)}`, {
        ip: '10.1.2.3',
        // The client sent a forged first entry; the proxy appended the real address.
        header: { 'x-forwarded-for': `192.0.2.1, ${forged(i)}` },
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    // A caller that is not the proxy cannot use the header.
    const direct = [];
    for (let i = 0; i < 31; i++) {
      const reply = await sendOtp(server, `96${String(10_000_000 + i).slice(-8)}`, {
        ip: '203.0.113.99',
        header: { 'x-forwarded-for': forged(100 + i) },
      });
      direct.push(reply.json<{ statusCode: string }>().statusCode);
    }
    expect(direct.at(-1)).toBe('otpRateLimited');
  });
});
