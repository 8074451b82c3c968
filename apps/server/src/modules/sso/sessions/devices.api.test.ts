import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MY_ACCOUNT_ROUTES,
  SELF_SERVICE_ROUTES,
  type AccountActivityResponse,
  type ActiveDevicesResponse,
} from '@pravesh/core';
import { DATABASE_KINDS } from '../../../test/instance.ts';
import {
  nextMobile,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../../test/customers.ts';
import { describeDevice } from './device-description.ts';
import { testClient } from '../../../test/client.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

/** spec 001 §2 active-devices: a revoked device's token is refused at once. */
describe.each(DATABASE_KINDS)('active devices on %s', (kind) => {
  let server: SsoTestServer;

  const post = <T>(url: string, accessToken: string | undefined, payload: unknown = {}) =>
    testClient(server).post<T>(url, { accessToken, body: payload });
  const devices = (customer: SignedInCustomer) =>
    post<ActiveDevicesResponse>(SELF_SERVICE_ROUTES.activeDevices, customer.accessToken);
  const revoke = (customer: SignedInCustomer, deviceId: string) =>
    post<{ revoked: true }>(SELF_SERVICE_ROUTES.revokeDevice, customer.accessToken, { deviceId });

  beforeAll(async () => {
    server = await ssoServer(kind, { env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => server?.close());

  it('lists the customer’s sign-ins with the current one marked, newest first', async () => {
    const mobileNo = nextMobile('95');
    const laptop = await signInCustomer(server, mobileNo);
    server.clock.advance(60_000);
    // A sign-in from another browser (no session cookie): a second session of the same customer.
    const phone = await signInCustomer(server, mobileNo);
    expect(phone.customerId).toBe(laptop.customerId);

    const { reply, body } = await devices(phone);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const list = body.response!.devices;
    expect(list).toHaveLength(2);
    expect(list.map((device) => device.current)).toEqual([true, false]);
    expect(Date.parse(list[0]!.signedInAt)).toBeGreaterThan(Date.parse(list[1]!.signedInAt));
    expect(Date.parse(list[0]!.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(list[0]!.signedInAt));
    // The laptop sees the same two, with its own marked.
    const fromLaptop = (await devices(laptop)).body.response!.devices;
    expect(fromLaptop.map((device) => device.current)).toEqual([false, true]);
  });

  it('signing a device out refuses its token on the very next call, everywhere; the caller keeps working', async () => {
    const mobileNo = nextMobile('95');
    const lost = await signInCustomer(server, mobileNo);
    server.clock.advance(31_000);
    const here = await signInCustomer(server, mobileNo);
    // The lost phone's token works.
    expect((await post(MY_ACCOUNT_ROUTES.session, lost.accessToken)).reply.statusCode).toBe(200);
    const target = (await devices(here)).body.response!.devices.find((device) => !device.current)!;

    const revoked = await revoke(here, target.deviceId);
    expect(revoked.reply.statusCode).toBe(200);
    expect(revoked.body.response).toEqual({ revoked: true });

    for (const url of [MY_ACCOUNT_ROUTES.session, SELF_SERVICE_ROUTES.activeDevices]) {
      const after = await post(url, lost.accessToken);
      expect(after.reply.statusCode, url).toBe(401);
      expect(after.body).toMatchObject({ statusCode: 'tokenNotValidated', statusMessage: 'Token not validated' });
    }
    expect((await devices(here)).body.response!.devices.map((device) => device.deviceId)).not.toContain(
      target.deviceId,
    );
    // Revoking again: that session is gone, the same answer as any unknown id.
    expect((await revoke(here, target.deviceId)).body.statusCode).toBe('deviceNotFound');
    // The account's events say which device was signed out; the lost phone's token cannot read them.
    const events = await post<AccountActivityResponse>(SELF_SERVICE_ROUTES.accountActivity, here.accessToken);
    expect(events.reply.headers['cache-control']).toBe('no-store');
    expect(events.body.response?.items.map(({ kind, detail }) => ({ kind, detail }))).toEqual([
      { kind: 'deviceSignedOut', detail: 'Computer' },
    ]);
    expect((await post(SELF_SERVICE_ROUTES.accountActivity, lost.accessToken)).reply.statusCode).toBe(401);
  });

  it('does not sign out the current device from its own list: that is logout', async () => {
    const customer = await signInCustomer(server);
    const own = (await devices(customer)).body.response!.devices.find((device) => device.current)!;
    const { reply, body } = await revoke(customer, own.deviceId);
    expect(reply.statusCode).toBe(409);
    expect(body).toMatchObject({
      status: false,
      statusCode: 'currentDeviceNotRevocable',
      statusMessage: 'This is your current device. Please log out instead',
    });
    expect((await post(MY_ACCOUNT_ROUTES.session, customer.accessToken)).reply.statusCode).toBe(200);
  });

  it('never lists or signs out another customer’s devices', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    const anas = (await devices(ana)).body.response!.devices;
    const ravis = (await devices(ravi)).body.response!.devices;
    expect(ravis.map((device) => device.deviceId)).not.toEqual(expect.arrayContaining([anas[0]!.deviceId]));
    const anasEvents = await post<AccountActivityResponse>(SELF_SERVICE_ROUTES.accountActivity, ana.accessToken);
    const ravisEvents = await post<AccountActivityResponse>(SELF_SERVICE_ROUTES.accountActivity, ravi.accessToken);

    const attempt = await revoke(ravi, anas[0]!.deviceId);
    expect(attempt.reply.statusCode).toBe(404);
    expect(attempt.body).toMatchObject({ statusCode: 'deviceNotFound', statusMessage: 'Device not found' });
    expect((await post(MY_ACCOUNT_ROUTES.session, ana.accessToken)).reply.statusCode).toBe(200);
    // Ravi's refused attempt recorded nothing, on either account.
    expect((await post<AccountActivityResponse>(SELF_SERVICE_ROUTES.accountActivity, ana.accessToken)).body).toEqual(
      anasEvents.body,
    );
    expect((await post<AccountActivityResponse>(SELF_SERVICE_ROUTES.accountActivity, ravi.accessToken)).body).toEqual(
      ravisEvents.body,
    );

    for (const token of [undefined, 'not-a-token']) {
      expect((await post(SELF_SERVICE_ROUTES.activeDevices, token)).reply.statusCode).toBe(401);
      expect((await post(SELF_SERVICE_ROUTES.accountActivity, token)).reply.statusCode).toBe(401);
      expect(
        (await post(SELF_SERVICE_ROUTES.revokeDevice, token, { deviceId: anas[0]!.deviceId })).reply.statusCode,
      ).toBe(401);
    }
    const bad = await post(SELF_SERVICE_ROUTES.revokeDevice, ravi.accessToken, { deviceId: 'x' });
    expect(bad.reply.statusCode).toBe(400);
    expect((await post(MY_ACCOUNT_ROUTES.session, ana.accessToken)).reply.statusCode).toBe(200);
  });

  it('describes a sign-in by device kind, browser and region, never the raw user agent', async () => {
    const customer = await signInCustomer(server);
    const [device] = (await devices(customer)).body.response!.devices;
    // The test's operator device: timezone offset 0 and no user agent header from inject's default.
    expect(device).toMatchObject({ current: true, deviceKind: 'desktop' });
    expect(device!.place).toEqual(expect.any(String));
    expect(JSON.stringify(device)).not.toMatch(/Mozilla|lightMyRequest/);

    expect(describeDevice(ANDROID_CHROME, { touch: true, screenWidth: 412, timezoneOffset: -330 })).toEqual({
      deviceKind: 'mobile',
      browser: 'Chrome on Android',
      place: 'India',
    });
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        { touch: false, screenWidth: 1440, timezoneOffset: 420 },
      ),
    ).toEqual({ deviceKind: 'desktop', browser: 'Safari on macOS', place: 'UTC-07:00' });
    expect(describeDevice(undefined, undefined)).toEqual({ deviceKind: null, browser: null, place: null });
    // Chromium (headless too) is Chrome, not "Safari on Linux"; Edge and Samsung's browser by name.
    const chromium = (product: string) =>
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) ${product}/140.0.0.0 Safari/537.36`;
    expect(describeDevice(chromium('HeadlessChrome'), undefined).browser).toBe('Chrome on Linux');
    expect(describeDevice(chromium('Chrome'), undefined)).toMatchObject({
      deviceKind: 'desktop',
      browser: 'Chrome on Linux',
    });
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
        undefined,
      ).browser,
    ).toBe('Edge on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        undefined,
      ),
    ).toMatchObject({ deviceKind: 'tablet', browser: 'Safari on iOS' });
  });
});
