import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_ACCOUNT_ROUTES, SELF_SERVICE_ROUTES, type ActiveDevicesResponse } from '@pravesh/core';
import { testClient } from '../../../test/client.ts';
import { signInCustomer, type SsoTestServer } from '../../../test/customers.ts';
import { TWO_INSTANCES_AVAILABLE, startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';

const post = <T>(server: SsoTestServer, url: string, accessToken: string, body: object = {}) =>
  testClient(server).post<T>(url, { accessToken, body });

/**
 * A revoked device's token refused at once — on every instance (spec 001 §2
 * active-devices, README "every instance"). Both instances have used the lost phone's token, so each
 * holds it as live in its cache; signing the phone out on instance A refuses it on B on the very
 * next call, and the customer's own session keeps working on both.
 */
describe.skipIf(!TWO_INSTANCES_AVAILABLE)('signing a device out on two instances (PostgreSQL + Redis)', () => {
  let servers: TwoInstances;
  beforeAll(async () => {
    servers = await startTwoInstances();
  }, 180_000);
  afterAll(() => servers?.close());

  it('refuses the signed-out device’s token at once on the other instance too', async () => {
    const { a, b, clock } = servers;
    const lost = await signInCustomer(a);
    clock.advance(31_000);
    const here = await signInCustomer(b, lost.mobileNo);
    expect(here.customerId).toBe(lost.customerId);
    for (const server of [a, b, a, b]) {
      expect((await post(server, MY_ACCOUNT_ROUTES.session, lost.accessToken)).status).toBe(200);
    }

    const devices = await post<ActiveDevicesResponse>(a, SELF_SERVICE_ROUTES.activeDevices, here.accessToken);
    const phone = devices.body.response!.devices.find((device) => !device.current)!;
    expect(
      (await post(a, SELF_SERVICE_ROUTES.revokeDevice, here.accessToken, { deviceId: phone.deviceId })).status,
    ).toBe(200);

    for (const server of [b, a]) {
      const refused = await post(server, MY_ACCOUNT_ROUTES.session, lost.accessToken);
      expect(refused.status).toBe(401);
      expect(refused.body.statusCode).toBe('tokenNotValidated');
      expect((await post(server, MY_ACCOUNT_ROUTES.session, here.accessToken)).status).toBe(200);
    }
  });
});
