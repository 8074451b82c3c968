import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELF_SERVICE_ROUTES, type PreferencesResponse } from '@pravesh/core';
import { customerPreferences } from '../../db/schema/preferences.ts';
import { createOutboxEmailProvider } from '../../providers/email/index.ts';
import { createOutboxStore, type OutboxStore } from '../../providers/sms/index.ts';
import { createOutboxSmsProvider } from '../../providers/sms/outbox.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  createClock,
  latestOtp,
  piiOf,
  sendOtp,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { createMarketingMessenger, type MarketingMessenger } from './contact.ts';
import { createPreferencesStore } from './store.ts';
import { testClient } from '../../test/client.ts';

const quiet = { info() {}, warn() {} } as unknown as FastifyBaseLogger;
const OFFER_SMS = {
  channel: 'sms',
  text: 'Kosh: a pre-approved card offer is waiting for you.',
  templateId: 'offer-1',
} as const;

/** spec 001 §7 commbox/getPreference and commbox/preference (a channel off is honoured). */
describe.each(DATABASE_KINDS)('communication preferences on %s', (kind) => {
  let server: SsoTestServer;
  let outbox: OutboxStore;
  let messenger: MarketingMessenger;
  let ana: SignedInCustomer;
  let ravi: SignedInCustomer;

  const call = <T>(method: 'GET' | 'POST', accessToken: string | undefined, body?: unknown) =>
    testClient(server).call<T>(
      method,
      method === 'GET' ? SELF_SERVICE_ROUTES.getPreference : SELF_SERVICE_ROUTES.preference,
      {
        accessToken,
        body,
      },
    );
  const read = (customer: SignedInCustomer) => call<PreferencesResponse>('GET', customer.accessToken);
  const change = (customer: SignedInCustomer, body: unknown) =>
    call<PreferencesResponse>('POST', customer.accessToken, body);
  const marketingTo = async (mobileNo: string) =>
    (await outbox.list()).filter((message) => message.to === mobileNo && message.templateId === OFFER_SMS.templateId);

  beforeAll(async () => {
    const clock = createClock();
    outbox = createOutboxStore({ now: clock.now });
    const sms = createOutboxSmsProvider({ log: quiet, store: outbox });
    const email = createOutboxEmailProvider({ log: quiet, store: outbox });
    server = await ssoServer(kind, { clock, providers: { sms, email } });
    const pii = piiOf(server);
    messenger = createMarketingMessenger({
      store: createPreferencesStore(server.database.db),
      sms,
      email,
      decrypt: (field, sealed) => pii.decrypt(field, sealed),
    });
    ana = await signInCustomer(server);
    ravi = await signInCustomer(server);
  });
  afterAll(() => server?.close());

  it('starts with every channel on and every counter at 0 (spec 001 §3)', async () => {
    const { reply, body } = await read(ana);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(body.response).toEqual({
      preferencesData: { sms: true, call: true, whatsApp: true, email: true },
      preferencesActionCount: { sms: 0, call: 0, whatsApp: 0, email: 0 },
      updatedAt: null,
    });
  });

  it('stores a change per customer and counts each channel’s changes, not its retries', async () => {
    const off = await change(ana, { sms: false, whatsApp: false });
    expect(off.reply.statusCode).toBe(200);
    expect(off.body.response?.preferencesData).toEqual({ sms: false, call: true, whatsApp: false, email: true });
    expect(off.body.response?.preferencesActionCount).toEqual({ sms: 1, call: 0, whatsApp: 1, email: 0 });
    // The same request again (a retry) changes nothing and counts nothing.
    const retry = await change(ana, { sms: false, whatsApp: false });
    expect(retry.body.response?.preferencesActionCount).toEqual({ sms: 1, call: 0, whatsApp: 1, email: 0 });
    // Back on, and another channel off: each counter follows its own channel.
    const back = await change(ana, { sms: true, email: false });
    expect(back.body.response?.preferencesData).toEqual({ sms: true, call: true, whatsApp: false, email: false });
    expect(back.body.response?.preferencesActionCount).toEqual({ sms: 2, call: 0, whatsApp: 1, email: 1 });
    expect((await read(ana)).body.response).toEqual(back.body.response);
    expect(back.body.response?.updatedAt).toBe(new Date(server.clock.now()).toISOString());
  });

  it('refuses another customer’s, an absent or a forged token, and never shows one customer’s choices to another', async () => {
    // Ravi sees his own defaults, not Ana's choices; there is no way to name Ana in a request.
    expect((await read(ravi)).body.response?.preferencesData).toEqual({
      sms: true,
      call: true,
      whatsApp: true,
      email: true,
    });
    const sneaky = await change(ravi, { sms: false, customerId: ana.customerId });
    expect(sneaky.reply.statusCode).toBe(400);
    for (const token of [undefined, 'not-a-token', `${ana.accessToken.slice(0, -4)}AAAA`]) {
      for (const method of ['GET', 'POST'] as const) {
        const { reply, body } = await call(method, token, method === 'POST' ? { sms: false } : undefined);
        expect(reply.statusCode).toBe(401);
        expect(body).toMatchObject({
          status: false,
          statusCode: 'tokenNotValidated',
          statusMessage: 'Token not validated',
        });
      }
    }
    const rows = await server.database.db
      .select()
      .from(customerPreferences)
      .where(eq(customerPreferences.customerId, ravi.customerId));
    expect(rows).toEqual([]);
  });

  it('refuses a bad body with a 4xx and leaves the stored preferences untouched', async () => {
    const before = (await read(ana)).body.response;
    for (const body of [{}, { sms: 'no' }, { fax: false }, { sms: null }]) {
      const { reply, body: answer } = await change(ana, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.status).toBe(false);
    }
    expect((await read(ana)).body.response).toEqual(before);
  });

  it('honours a channel turned off: no marketing SMS reaches an opted-out customer, the OTP still does', async () => {
    const optedOut = await signInCustomer(server);
    const optedIn = await signInCustomer(server);
    expect((await change(optedOut, { sms: false, email: false })).reply.statusCode).toBe(200);

    // The opted-in customer gets the offer: the check can say yes, so this test can fail.
    expect(await messenger.sendMarketing(optedIn.customerId, OFFER_SMS)).toEqual({ sent: true });
    expect(await marketingTo(optedIn.mobileNo)).toHaveLength(1);

    // The opted-out customer: nothing on SMS, nothing on email.
    expect(await messenger.sendMarketing(optedOut.customerId, OFFER_SMS)).toEqual({ sent: false, skipped: 'optedOut' });
    expect(
      await messenger.sendMarketing(optedOut.customerId, {
        channel: 'email',
        subject: 'Your offers',
        text: 'New offers',
        templateId: 'offer-mail',
      }),
    ).toEqual({ sent: false, skipped: 'optedOut' });
    expect(await messenger.mayContact(optedOut.customerId, 'sms', 'marketing')).toBe(false);
    expect(await messenger.mayContact(optedOut.customerId, 'sms', 'transactional')).toBe(true);

    // A sign-in OTP is transactional: it still arrives, and it is the only message since the opt-out.
    const before = (await outbox.list()).filter((message) => message.to === optedOut.mobileNo).length;
    server.clock.advance(60_000);
    expect((await sendOtp(server, optedOut.mobileNo)).statusCode).toBe(200);
    expect(await latestOtp(server, optedOut.mobileNo)).toMatch(/^\d{6}$/);
    const toHim = (await outbox.list()).filter((message) => message.to === optedOut.mobileNo);
    expect(toHim).toHaveLength(before + 1);
    expect(await marketingTo(optedOut.mobileNo)).toEqual([]);
    expect(toHim.every((message) => message.templateId !== OFFER_SMS.templateId)).toBe(true);
  });
});
