import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ROUTES } from '@pravesh/core';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import { DEMO_CUSTOMER } from './seed.ts';
import { sessionCookie, signInWithOtp, ssoServer, type SsoTestServer } from '../../../test/customers.ts';

const UNPROVEN = { registered: false, passwordSet: false, preferredMethod: 'otp' };

/** The trusted-device cookie of an authorize answer, as a Cookie header. */
function deviceCookie(reply: LightMyRequestResponse): string {
  const cookie = reply.cookies.find((entry) => entry.name === 'PB_DEVICE_TRUST_DEV');
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Customer/preference told anyone whether a number was registered and had a
 * password. Now an unproven caller gets one answer for every number; the number's own customer (a
 * live session or this browser's trusted-device cookie) gets the truth.
 */
describe.each(DATABASE_KINDS)('customer/preference on %s', (kind) => {
  let server: SsoTestServer;
  let n = 0;
  const nextMobile = () => `94${String(10_000_000 + n++).slice(-8)}`;

  const get = async (mobileNo: string, options: { cookie?: string; siteId?: string; ip?: string } = {}) =>
    server.app.inject({
      url: `${SSO_ROUTES.preference}?mobileNo=${mobileNo}`,
      remoteAddress: options.ip ?? '192.0.2.1',
      headers: {
        'pb-pass-token': await server.pass(2),
        'site-id': options.siteId ?? '2',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
  const post = async (mobileNo: string, options: { cookie?: string; ip?: string } = {}) =>
    server.app.inject({
      method: 'POST',
      url: SSO_ROUTES.preference,
      remoteAddress: options.ip ?? '192.0.2.1',
      headers: {
        'pb-pass-token': await server.pass(2),
        'site-id': '2',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: { mobileNo },
    });

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('answers an unproven caller the same for a number with a password, one without, and an unknown one', async () => {
    const otpOnly = nextMobile();
    expect((await signInWithOtp(server, otpOnly)).statusCode).toBe(200);
    const replies = [];
    for (const mobileNo of [DEMO_CUSTOMER.mobileNo, otpOnly, nextMobile()]) {
      replies.push(await get(mobileNo), await post(mobileNo));
    }
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      // Byte for byte: nothing in the answer depends on the number.
      expect(reply.body).toBe(JSON.stringify({ status: true, statusCode: 'success', response: UNPROVEN }));
    }
  });

  it("tells the number's own customer the truth: on a trusted browser, and within their session", async () => {
    // The demo customer signs in by OTP on this browser: the browser is trusted for them.
    const signedIn = await signInWithOtp(server, DEMO_CUSTOMER.mobileNo);
    const device = deviceCookie(signedIn);
    const truth = { registered: true, passwordSet: true, preferredMethod: 'mobile_credential' };
    expect((await post(DEMO_CUSTOMER.mobileNo, { cookie: device })).json()).toMatchObject({ response: truth });
    expect((await get(DEMO_CUSTOMER.mobileNo, { cookie: device })).json()).toMatchObject({ response: truth });
    expect((await post(DEMO_CUSTOMER.mobileNo, { cookie: sessionCookie(signedIn) })).json()).toMatchObject({
      response: truth,
    });
    // The same browser learns nothing about other numbers, registered or not.
    const other = nextMobile();
    await signInWithOtp(server, other);
    expect((await post(other, { cookie: device })).json()).toMatchObject({ response: UNPROVEN });
    expect((await post(nextMobile(), { cookie: device })).json()).toMatchObject({ response: UNPROVEN });
    // A made-up device value proves nothing.
    expect(
      (await post(DEMO_CUSTOMER.mobileNo, { cookie: `PB_DEVICE_TRUST_DEV=${'A'.repeat(43)}` })).json(),
    ).toMatchObject({ response: UNPROVEN });
  });

  it('refuses a bad number and a foreign site-id', async () => {
    expect((await get('12345')).json()).toMatchObject({ statusCode: 'invalidMobileNumber' });
    expect((await post('12345')).json()).toMatchObject({ statusCode: 'invalidMobileNumber' });
    expect((await get(DEMO_CUSTOMER.mobileNo, { siteId: '7' })).json()).toMatchObject({
      statusCode: 'siteIdMismatch',
    });
  });

  it('keeps the number out of the access log, also when it came in the query', async () => {
    const mobileNo = nextMobile();
    const before = server.logs.length;
    await get(mobileNo);
    await server.app.inject({
      url: `${SSO_ROUTES.preference}?MobileNo=${mobileNo}&x=1`,
      headers: { 'pb-pass-token': await server.pass(2), 'site-id': '2' },
    });
    await post(mobileNo);
    const lines = server.logs.slice(before);
    expect(lines.some((line) => line.includes('/customer/preference?mobileNo=%5Bredacted%5D'))).toBe(true);
    expect(lines.filter((line) => line.includes(mobileNo))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('customer/preference limits on %s', (kind) => {
  let server: SsoTestServer;

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '5' } });
  });
  afterAll(() => server?.close());

  it('limits lookups per client address per hour, like OTP sends', async () => {
    const lookup = async (i: number, ip: string) =>
      server.app.inject({
        method: 'POST',
        url: SSO_ROUTES.preference,
        remoteAddress: ip,
        headers: { 'pb-pass-token': await server.pass(2), 'site-id': '2' },
        payload: { mobileNo: `93${String(10_000_000 + i).slice(-8)}` },
      });
    for (let i = 0; i < 5; i++) expect((await lookup(i, '192.0.2.99')).statusCode).toBe(200);
    const limited = await lookup(5, '192.0.2.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 'rateLimited' });
    expect((await lookup(6, '192.0.2.100')).statusCode).toBe(200);
    server.clock.advance(3_600_000);
    expect((await lookup(7, '192.0.2.99')).statusCode).toBe(200);
  });
});
