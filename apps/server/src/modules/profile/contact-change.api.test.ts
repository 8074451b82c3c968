import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoCustomers } from '../../db/schema/sso.ts';
import { DATABASE_KINDS } from '../../test/instance.ts';
import {
  latestOtp,
  nextMobile,
  piiOf,
  sendOtp,
  signInCustomer,
  ssoServer,
  type SignedInCustomer,
  type SsoTestServer,
} from '../../test/customers.ts';
import { MY_ACCOUNT_ROUTES, SELF_SERVICE_ROUTES, type AccountActivityResponse } from '@pravesh/core';
import { codeSentTo, customerDetails, outbox, updateProfile } from './test-support.ts';
import { type Envelope } from '../../test/client.ts';

const SECOND = 1_000;
const OTP_INCORRECT = {
  status: false,
  statusCode: 'otpIncorrect',
  statusMessage: 'OTP is Incorrect, Please enter valid OTP',
};
const OTP_DEAD = {
  status: false,
  statusCode: 'otpIncorrectOnResend',
  statusMessage: 'Incorrect OTP. Please click on Resend OTP',
};
const OTP_EXPIRED = {
  status: false,
  statusCode: 'otpFailure',
  statusMessage: 'Something went wrong. Please click on Resend Code',
};

/**
 * spec 001 §7 customerProfile/update for a new email or mobile number: the spec 001
 * §5 email rules, a code to the NEW identifier with the spec's OTP messages, masking, and the same
 * code rules and limits as sign-in (one OTP store).
 */
describe.each(DATABASE_KINDS)('changing email and mobile number on %s', (kind) => {
  let server: SsoTestServer;

  /** The current-factor proofs of signed-in customers (by access token), made once each. */
  const proofs = new Map<string, string>();
  /** The `reauthenticate` step as the dashboard runs it: a code to the current number, then the code. */
  async function proveCurrentFactor(customer: SignedInCustomer): Promise<string> {
    const sent = await updateProfile(server, customer.accessToken, {
      updateType: 'reauthenticate',
      customerId: customer.customerId,
    });
    if (sent.reply.statusCode !== 200) throw new Error(`reauthenticate answered ${sent.reply.body}`);
    const code = await latestOtp(server, customer.mobileNo);
    const proven = await updateProfile(server, customer.accessToken, {
      updateType: 'reauthenticate',
      customerId: customer.customerId,
      otp: code,
    });
    if (proven.body.response?.outcome !== 'reauthenticated') throw new Error(`no proof: ${proven.reply.body}`);
    return proven.body.response.reauthToken;
  }
  async function proofOf(customer: SignedInCustomer): Promise<string> {
    const known = proofs.get(customer.accessToken);
    if (known) return known;
    const made = await proveCurrentFactor(customer);
    proofs.set(customer.accessToken, made);
    return made;
  }
  const changeEmail = async (
    customer: SignedInCustomer,
    email: string,
    otp?: string,
    customerId = customer.customerId,
  ) =>
    updateProfile(server, customer.accessToken, {
      updateType: 'email',
      customerId,
      email,
      reauthToken: await proofOf(customer),
      ...(otp ? { otp } : {}),
    });
  const changeMobile = async (customer: SignedInCustomer, mobileNo: string, otp?: string) =>
    updateProfile(server, customer.accessToken, {
      updateType: 'mobileNo',
      customerId: customer.customerId,
      mobileNo,
      reauthToken: await proofOf(customer),
      ...(otp ? { otp } : {}),
    });
  const rows = () => server.database.db.select().from(ssoCustomers);
  /** Forward past the per-number 30 s resend window. */
  const afterResendWindow = () => server.clock.advance(31 * SECOND);

  beforeAll(async () => {
    // Many codes from one test address and one number series: the per-IP and SMS-prefix limits
    // have their own tests (sso/otp); these are about the contact change's own rules.
    server = await ssoServer(kind, {
      env: { PRAVESH_OTP_IP_LIMIT_PER_HOUR: '1000', PRAVESH_SMS_PREFIX_BUDGET_PER_HOUR: '1000' },
    });
  });
  afterAll(() => server?.close());

  it('refuses an address that breaks the loose or the strict rule of spec 001 §5, sending nothing', async () => {
    const ana = await signInCustomer(server);
    await proofOf(ana);
    const before = await rows();
    const sent = (await outbox(server)).length;
    for (const email of [
      'ana@mail.c', // strict yes, loose no: the dot among the last 2 characters
      'ana@.com', // a dot right after the @
      '@mail.com', // @ at the start
      'ana@mailcom', // no dot after the @
      'an a@mail.com', // a space
      'ana@mail..com', // a double dot
      'ana.mail.com', // no @
      '',
    ]) {
      const { reply, body } = await changeEmail(ana, email);
      expect(reply.statusCode, email).toBe(400);
      expect(body).toEqual({
        status: false,
        statusCode: 'invalidEmail',
        statusMessage: 'Please enter a valid email address',
      });
    }
    expect(await rows()).toEqual(before);
    expect((await outbox(server)).length).toBe(sent);
  });

  it('confirms a new email with a code sent to it, masked, and only then replaces the old one', async () => {
    const ana = await signInCustomer(server);
    const email = 'Ananya.Rao@Example.in';
    const { reply, body } = await changeEmail(ana, `  ${email} `);
    expect(reply.statusCode).toBe(200);
    expect(body.response).toEqual({
      outcome: 'otpSent',
      message: 'Please enter the OTP sent to an******ao@example.in',
      otp: {
        sentTo: 'an******ao@example.in',
        resent: false,
        resendAfterSeconds: 30,
        expiresInSeconds: 300,
        otpLength: 6,
      },
    });
    const [mail] = await outbox(server);
    expect(mail).toMatchObject({ to: 'ananya.rao@example.in', templateId: 'pravesh-email-otp-change' });
    const code = await codeSentTo(server, 'ananya.rao@example.in');
    expect((await customerDetails(server, ana)).email).toBeNull();
    // A wrong code: the spec's text, nothing changed.
    const wrong = await changeEmail(ana, email, code === '000000' ? '111111' : '000000');
    expect(wrong.reply.statusCode).toBe(400);
    expect(wrong.body).toEqual(OTP_INCORRECT);
    expect((await customerDetails(server, ana)).email).toBeNull();
    const right = await changeEmail(ana, email, code);
    expect(right.reply.statusCode).toBe(200);
    expect(right.body.response).toEqual({
      outcome: 'verified',
      message: 'Your email address verified successfully.',
      mobileNo: ana.mobileNo,
      email: 'ananya.rao@example.in',
      otherDevicesSignedOut: 0,
    });
    expect((await customerDetails(server, ana)).email).toBe('ananya.rao@example.in');
    // Stored encrypted with its look-up hash, as the sign-on module keeps it.
    const row = (await rows()).find((entry) => entry.customerId === ana.customerId)!;
    expect(row.emailEnc).not.toContain('ananya');
    expect(row.emailHash).toBe(piiOf(server).hash('email', 'ananya.rao@example.in'));
    // The code was single use; the address is now the customer's own.
    expect((await changeEmail(ana, email, code)).body.statusCode).toBe('sameEmail');
  });

  it('refuses an address another customer uses once its code is verified, and never lets one customer confirm for another', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    const email = `ravi.${ravi.mobileNo}@example.com`;
    await changeEmail(ravi, email);
    expect((await changeEmail(ravi, email, await codeSentTo(server, email))).reply.statusCode).toBe(200);
    // Ana asking for Ravi's address is told nothing until she proves she reads its mail.
    afterResendWindow();
    const asked = await changeEmail(ana, email);
    expect(asked.reply.statusCode).toBe(200);
    expect(asked.body.response).toMatchObject({ outcome: 'otpSent' });
    const taken = await changeEmail(ana, email, await codeSentTo(server, email));
    expect(taken.reply.statusCode).toBe(409);
    expect(taken.body).toEqual({
      status: false,
      statusCode: 'emailInUse',
      statusMessage: 'This email address is used by another account. Please use a different email address',
    });
    expect((await customerDetails(server, ana)).email).toBeNull();
    expect((await customerDetails(server, ravi)).email).toBe(email);
    // Ravi's token naming Ana's account: refused before any code is sent.
    const sent = (await outbox(server)).length;
    const sneaky = await changeEmail(ravi, 'someone@example.com', undefined, ana.customerId);
    expect(sneaky.reply.statusCode).toBe(401);
    expect(sneaky.body.statusCode).toBe('tokenNotValidated');
    expect((await outbox(server)).length).toBe(sent);
    // A code sent for Ana's change confirms Ana's change only.
    afterResendWindow();
    const shared = `shared.${ana.mobileNo}@example.com`;
    await changeEmail(ana, shared);
    const anasCode = await codeSentTo(server, shared);
    // Ravi's proof died with his change (it is bound to the contact it proved): he proves again.
    proofs.delete(ravi.accessToken);
    expect((await changeEmail(ravi, shared, anasCode)).body.statusCode).toBe('otpFailure');
    expect((await customerDetails(server, ravi)).email).toBe(email);
  });

  it('confirms a new mobile number by SMS to it, with the spec 001 §5 re-sent and verified texts', async () => {
    const ana = await signInCustomer(server);
    const mobileNo = nextMobile('97');
    const first = await changeMobile(ana, `+91 ${mobileNo.slice(0, 5)} ${mobileNo.slice(5)}`);
    expect(first.reply.statusCode).toBe(200);
    const masked = `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;
    expect(first.body.response).toMatchObject({
      outcome: 'otpSent',
      message: `Please enter the OTP sent to ${masked}`,
      otp: { sentTo: masked, resent: false },
    });
    const [sms] = await outbox(server);
    expect(sms).toMatchObject({ to: mobileNo, templateId: 'pravesh-otp-contact-change' });
    expect(sms?.text).toMatch(/^\d{6} is your Pravesh code to make this the mobile number of your account\./);
    // Again within 30 s: the per-number window of sign-in codes holds here too.
    const tooSoon = await changeMobile(ana, mobileNo);
    expect(tooSoon.reply.statusCode).toBe(429);
    expect(tooSoon.body.statusCode).toBe('otpResendTooSoon');
    afterResendWindow();
    const again = await changeMobile(ana, mobileNo);
    expect(again.body.response).toMatchObject({
      outcome: 'otpSent',
      message: 'Please enter OTP re-sent to your mobile number',
      otp: { resent: true },
    });
    const code = await latestOtp(server, mobileNo);
    const verified = await changeMobile(ana, mobileNo, code);
    expect(verified.body.response).toEqual({
      outcome: 'verified',
      message: 'Your mobile number verified successfully.',
      mobileNo,
      email: null,
      otherDevicesSignedOut: 0,
    });
    expect((await customerDetails(server, ana)).mobileNo).toBe(mobileNo);
    // The customer now signs in with the new number, to the same account (after the number's
    // 30 s window: sign-in and change codes to one number share its limits).
    afterResendWindow();
    expect((await signInCustomer(server, mobileNo)).customerId).toBe(ana.customerId);
  });

  it('kills a code after 5 wrong entries and when it expires, changing nothing', async () => {
    const ana = await signInCustomer(server);
    const mobileNo = nextMobile('97');
    await changeMobile(ana, mobileNo);
    const code = await latestOtp(server, mobileNo);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 4; attempt++)
      expect((await changeMobile(ana, mobileNo, wrong)).body).toEqual(OTP_INCORRECT);
    expect((await changeMobile(ana, mobileNo, wrong)).body).toEqual(OTP_DEAD);
    // The right code after the limit is refused like a wrong one.
    expect((await changeMobile(ana, mobileNo, code)).body).toEqual(OTP_DEAD);
    // A malformed code is wrong without a lookup.
    expect((await changeMobile(ana, mobileNo, '12ab')).body).toEqual(OTP_INCORRECT);
    afterResendWindow();
    await changeMobile(ana, mobileNo);
    const fresh = await latestOtp(server, mobileNo);
    server.clock.advance(5 * 60 * SECOND + SECOND);
    expect((await changeMobile(ana, mobileNo, fresh)).body).toEqual(OTP_EXPIRED);
    expect((await customerDetails(server, ana)).mobileNo).toBe(ana.mobileNo);
  });

  it('refuses a bad or the same number before sending, and a sign-in code as confirmation', async () => {
    const ana = await signInCustomer(server);
    await proofOf(ana);
    const sent = (await outbox(server)).length;
    const cases: [string, number, string, string][] = [
      ['12345', 400, 'invalidMobileNumber', 'Please enter a valid 10 digit mobile number'],
      ['5123456789', 400, 'invalidMobileNumber', 'Please enter a valid 10 digit mobile number'],
      [ana.mobileNo, 400, 'sameMobileNumber', 'This is already the mobile number on your account'],
    ];
    for (const [mobileNo, status, statusCode, statusMessage] of cases) {
      const { reply, body } = await changeMobile(ana, mobileNo);
      expect(reply.statusCode, mobileNo).toBe(status);
      expect(body).toEqual({ status: false, statusCode, statusMessage });
    }
    expect((await outbox(server)).length).toBe(sent);
    // A sign-in code for a free number cannot confirm a change to it.
    const free = nextMobile('97');
    expect((await sendOtp(server, free)).statusCode).toBe(200);
    const signInCode = await latestOtp(server, free);
    expect((await changeMobile(ana, free, signInCode)).body).toEqual(OTP_EXPIRED);
    expect((await customerDetails(server, ana)).mobileNo).toBe(ana.mobileNo);
  });

  describe('proof of the current factor, notices, sessions and probes (ASVS 5.0 V7.5.1, V6.3.7, V7.4.3)', () => {
    const REAUTH_REQUIRED = {
      status: false,
      statusCode: 'reauthenticationRequired',
      statusMessage: 'For your security, please confirm it’s you with an OTP before changing your contact details',
    };
    const changeWith = (customer: SignedInCustomer, body: Record<string, unknown>) =>
      updateProfile(server, customer.accessToken, { customerId: customer.customerId, ...body });
    /** A second sign-in of the same customer: another session, as on another phone. */
    async function secondSession(customer: SignedInCustomer): Promise<SignedInCustomer> {
      afterResendWindow();
      const other = await signInCustomer(server, customer.mobileNo);
      expect(other.customerId).toBe(customer.customerId);
      return other;
    }
    const detailsStatus = async (customer: SignedInCustomer) =>
      (
        await server.app.inject({
          method: 'POST',
          url: MY_ACCOUNT_ROUTES.getCustomerDetails,
          headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': customer.accessToken },
          payload: { customerId: customer.customerId },
        })
      ).statusCode;

    it('refuses a change with the access token alone, sending nothing and changing nothing', async () => {
      const ana = await signInCustomer(server);
      const target = nextMobile('97');
      const before = await rows();
      const sent = (await outbox(server)).length;
      for (const reauthToken of [
        undefined,
        '',
        'x',
        `${Date.now() + 60_000}.AAAA`,
        `${Number.MAX_SAFE_INTEGER}.AAAA`,
      ]) {
        const body = {
          updateType: 'mobileNo',
          mobileNo: target,
          ...(reauthToken === undefined ? {} : { reauthToken }),
        };
        const asked = await changeWith(ana, body);
        expect(asked.reply.statusCode, String(reauthToken)).toBe(403);
        expect(asked.body).toEqual(REAUTH_REQUIRED);
        // The step that would change the number, with a guessed code: refused before any check.
        expect((await changeWith(ana, { ...body, otp: '123456' })).body).toEqual(REAUTH_REQUIRED);
        const email = await changeWith(ana, {
          updateType: 'email',
          email: 'taker@example.com',
          ...(reauthToken ? { reauthToken } : {}),
        });
        expect(email.body).toEqual(REAUTH_REQUIRED);
      }
      expect((await outbox(server)).length).toBe(sent);
      expect(await rows()).toEqual(before);
    });

    it('sends the proof code to the current number, refuses a wrong one, and answers a proof for 10 minutes', async () => {
      const ana = await signInCustomer(server);
      afterResendWindow();
      const asked = await changeWith(ana, { updateType: 'reauthenticate' });
      const masked = `${ana.mobileNo.slice(0, 2)}******${ana.mobileNo.slice(-2)}`;
      expect(asked.body.response).toMatchObject({
        outcome: 'otpSent',
        message: `Please enter the OTP sent to ${masked}`,
        otp: { sentTo: masked, resent: false, otpLength: 6 },
      });
      const [sms] = await outbox(server);
      expect(sms).toMatchObject({ to: ana.mobileNo, templateId: 'pravesh-otp-step-up' });
      expect(sms?.text).toMatch(
        /^\d{6} is your Pravesh code to confirm it's you before you change your contact details\./,
      );
      const code = await latestOtp(server, ana.mobileNo);
      const wrong = await changeWith(ana, {
        updateType: 'reauthenticate',
        otp: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.body).toEqual(OTP_INCORRECT);
      // A sign-in code to the same number is not a proof (its own row).
      const proven = await changeWith(ana, { updateType: 'reauthenticate', otp: code });
      expect(proven.body.response).toMatchObject({ outcome: 'reauthenticated', expiresInSeconds: 600 });
      const reauthToken = (proven.body.response as { reauthToken: string }).reauthToken;
      const target = nextMobile('97');
      expect((await changeWith(ana, { updateType: 'mobileNo', mobileNo: target, reauthToken })).reply.statusCode).toBe(
        200,
      );
      server.clock.advance(10 * 60 * SECOND + SECOND);
      const late = await changeWith(ana, { updateType: 'mobileNo', mobileNo: target, reauthToken });
      expect(late.body).toEqual(REAUTH_REQUIRED);
    });

    it('does not take another customer’s proof, or a proof from another session of the same customer', async () => {
      const ana = await signInCustomer(server);
      const ravi = await signInCustomer(server);
      const ravisProof = await proveCurrentFactor(ravi);
      const target = nextMobile('97');
      const sent = (await outbox(server)).length;
      const stolen = await changeWith(ana, { updateType: 'mobileNo', mobileNo: target, reauthToken: ravisProof });
      expect(stolen.body).toEqual(REAUTH_REQUIRED);
      // Ravi's token naming Ana with Ravi's proof: not Ana's token, so tokenNotValidated.
      const sneaky = await updateProfile(server, ravi.accessToken, {
        updateType: 'mobileNo',
        customerId: ana.customerId,
        mobileNo: target,
        reauthToken: ravisProof,
      });
      expect(sneaky.reply.statusCode).toBe(401);
      // Ana's proof from her laptop's session does not work in her phone's session.
      const anasProof = await proveCurrentFactor(ana);
      const phone = await secondSession(ana);
      const elsewhere = await changeWith(phone, { updateType: 'mobileNo', mobileNo: target, reauthToken: anasProof });
      expect(elsewhere.body).toEqual(REAUTH_REQUIRED);
      expect((await outbox(server)).filter((message) => message.to === target)).toEqual([]);
      expect((await outbox(server)).length).toBeGreaterThan(sent);
      expect((await customerDetails(server, ana)).mobileNo).toBe(ana.mobileNo);
    });

    it('after a change, tells the old number and email, signs the other sessions out and shows only this device', async () => {
      const laptop = await signInCustomer(server);
      const email = `old.${laptop.mobileNo}@example.com`;
      await changeEmail(laptop, email);
      expect((await changeEmail(laptop, email, await codeSentTo(server, email))).body.response).toMatchObject({
        outcome: 'verified',
        otherDevicesSignedOut: 0,
      });
      // Adding an address told the number.
      const [added] = await outbox(server);
      expect(added).toMatchObject({ to: laptop.mobileNo, templateId: 'pravesh-contact-changed' });
      const phone = await secondSession(laptop);
      const tablet = await secondSession(laptop);
      expect(await detailsStatus(phone)).toBe(200);

      const target = nextMobile('97');
      const proof = await proveCurrentFactor(laptop);
      await changeWith(laptop, { updateType: 'mobileNo', mobileNo: target, reauthToken: proof });
      const verified = await changeWith(laptop, {
        updateType: 'mobileNo',
        mobileNo: target,
        reauthToken: proof,
        otp: await latestOtp(server, target),
      });
      expect(verified.body.response).toEqual({
        outcome: 'verified',
        message: 'Your mobile number verified successfully.',
        mobileNo: target,
        email,
        otherDevicesSignedOut: 2,
      });
      const maskedNew = `${target.slice(0, 2)}******${target.slice(-2)}`;
      const messages = await outbox(server);
      const sms = messages.find((message) => message.to === laptop.mobileNo);
      expect(sms).toMatchObject({ templateId: 'pravesh-contact-changed' });
      expect(sms?.text).toContain(`The mobile number of your Pravesh account was changed to ${maskedNew} on `);
      expect(sms?.text).toContain(
        'your other devices were signed out. If you did not make this change, call 1800 266 0000',
      );
      expect(sms?.text).not.toContain(target);
      const mail = messages.find((message) => message.to === email);
      expect(mail).toMatchObject({
        templateId: 'pravesh-email-contact-changed',
        subject: 'The mobile number of your Pravesh account was changed',
      });
      // The other sessions' tokens stop at once; this one goes on.
      expect(await detailsStatus(phone)).toBe(401);
      expect(await detailsStatus(tablet)).toBe(401);
      expect(await detailsStatus(laptop)).toBe(200);
      const devices = await server.app.inject({
        method: 'POST',
        url: SELF_SERVICE_ROUTES.activeDevices,
        headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': laptop.accessToken },
        payload: {},
      });
      expect(devices.json<Envelope<{ devices: { current: boolean }[] }>>().response?.devices).toEqual([
        expect.objectContaining({ current: true }),
      ]);
      // The account's security events name both changes, masked, newest first; another customer sees none.
      const activity = async (customer: SignedInCustomer) =>
        (
          await server.app.inject({
            method: 'POST',
            url: SELF_SERVICE_ROUTES.accountActivity,
            headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': customer.accessToken },
            payload: {},
          })
        ).json<Envelope<AccountActivityResponse>>().response?.items;
      const events = await activity(laptop);
      expect(events?.map(({ kind }) => kind)).toEqual(['mobileChanged', 'emailChanged']);
      expect(events?.[0]?.detail).toBe(maskedNew);
      expect(events?.[1]?.detail).toMatch(/^ol\*+\d\d@example\.com$/);
      expect(await activity(await signInCustomer(server))).toEqual([]);
      // The proof was spent on the change it allowed.
      const again = await changeWith(laptop, { updateType: 'email', email: 'next@example.com', reauthToken: proof });
      expect(again.body).toEqual(REAUTH_REQUIRED);
    });

    it('answers a taken and a free number alike until the code is verified, then refuses the taken one', async () => {
      const ana = await signInCustomer(server);
      const holder = await signInCustomer(server, nextMobile('97'));
      const free = nextMobile('97');
      const proof = await proveCurrentFactor(ana);
      const ask = (mobileNo: string) => changeWith(ana, { updateType: 'mobileNo', mobileNo, reauthToken: proof });
      const shape = (answer: Awaited<ReturnType<typeof ask>>, mobileNo: string) => ({
        status: answer.reply.statusCode,
        body: JSON.parse(
          answer.reply.body.replaceAll(`${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`, 'MASKED'),
        ) as unknown,
      });
      afterResendWindow();
      const taken = await ask(holder.mobileNo);
      const untaken = await ask(free);
      expect(shape(taken, holder.mobileNo)).toEqual(shape(untaken, free));
      expect(shape(taken, holder.mobileNo)).toMatchObject({ status: 200, body: { response: { outcome: 'otpSent' } } });
      // Asked again within 30 s: the same refusal for both.
      const takenAgain = await ask(holder.mobileNo);
      const freeAgain = await ask(free);
      expect(takenAgain.body).toEqual(freeAgain.body);
      // Only the holder of the taken number can read its code; with it, the answer says it is taken.
      const refused = await changeWith(ana, {
        updateType: 'mobileNo',
        mobileNo: holder.mobileNo,
        reauthToken: proof,
        otp: await latestOtp(server, holder.mobileNo),
      });
      expect(refused.reply.statusCode).toBe(409);
      expect(refused.body).toEqual({
        status: false,
        statusCode: 'mobileNumberInUse',
        statusMessage: 'This mobile number is registered to another account. Please use a different number',
      });
      expect((await customerDetails(server, ana)).mobileNo).toBe(ana.mobileNo);
      expect((await customerDetails(server, holder)).mobileNo).toBe(holder.mobileNo);
    });

    it('limits a customer to 5 codes to new numbers or addresses an hour, taken or free alike', async () => {
      const ana = await signInCustomer(server);
      const ravi = await signInCustomer(server);
      const proof = await proveCurrentFactor(ana);
      afterResendWindow();
      const targets = [
        ravi.mobileNo,
        nextMobile('97'),
        nextMobile('97'),
        `a.${ana.mobileNo}@example.com`,
        nextMobile('97'),
      ];
      for (const target of targets) {
        const body = target.includes('@')
          ? { updateType: 'email', email: target }
          : { updateType: 'mobileNo', mobileNo: target };
        const answer = await changeWith(ana, { ...body, reauthToken: proof });
        expect(answer.body.response, target).toMatchObject({ outcome: 'otpSent' });
      }
      const limited = {
        status: false,
        statusCode: 'contactChangeRateLimited',
        statusMessage: 'You’ve tried to change your contact details too many times. Please try again in an hour',
      };
      const sent = (await outbox(server)).length;
      for (const mobileNo of [nextMobile('97'), ravi.mobileNo]) {
        const sixth = await changeWith(ana, { updateType: 'mobileNo', mobileNo, reauthToken: proof });
        expect(sixth.reply.statusCode).toBe(429);
        expect(sixth.body).toEqual(limited);
      }
      expect((await outbox(server)).length).toBe(sent);
      // The limit is Ana's: Ravi is not affected.
      const ravisProof = await proveCurrentFactor(ravi);
      expect(
        (await changeWith(ravi, { updateType: 'mobileNo', mobileNo: nextMobile('97'), reauthToken: ravisProof })).reply
          .statusCode,
      ).toBe(200);
      // An hour later Ana may try again (signed in afresh: her access token lived 15 minutes).
      server.clock.advance(61 * 60 * SECOND);
      const back = await signInCustomer(server, ana.mobileNo);
      const later = await changeWith(back, {
        updateType: 'mobileNo',
        mobileNo: nextMobile('97'),
        reauthToken: await proveCurrentFactor(back),
      });
      expect(later.reply.statusCode).toBe(200);
    });
  });
});
