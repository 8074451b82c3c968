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
import { codeSentTo, customerDetails, outbox, updateProfile } from './test-support.ts';

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
 * spec 001 §7 customerProfile/update for a new email or mobile number (issue 16 §2): the spec 001
 * §5 email rules, a code to the NEW identifier with the spec's OTP messages, masking, and the same
 * code rules and limits as sign-in (one OTP store).
 */
describe.each(DATABASE_KINDS)('changing email and mobile number on %s', (kind) => {
  let server: SsoTestServer;

  const changeEmail = (customer: SignedInCustomer, email: string, otp?: string, customerId = customer.customerId) =>
    updateProfile(server, customer.accessToken, { updateType: 'email', customerId, email, ...(otp ? { otp } : {}) });
  const changeMobile = (customer: SignedInCustomer, mobileNo: string, otp?: string) =>
    updateProfile(server, customer.accessToken, {
      updateType: 'mobileNo',
      customerId: customer.customerId,
      mobileNo,
      ...(otp ? { otp } : {}),
    });
  const rows = () => server.database.db.select().from(ssoCustomers);
  /** Forward past the per-number 30 s resend window. */
  const afterResendWindow = () => server.clock.advance(31 * SECOND);

  beforeAll(async () => {
    server = await ssoServer(kind);
  });
  afterAll(() => server?.close());

  it('refuses an address that breaks the loose or the strict rule of spec 001 §5, sending nothing', async () => {
    const ana = await signInCustomer(server);
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
    });
    expect((await customerDetails(server, ana)).email).toBe('ananya.rao@example.in');
    // Stored encrypted with its look-up hash, as the sign-on module keeps it.
    const row = (await rows()).find((entry) => entry.customerId === ana.customerId)!;
    expect(row.emailEnc).not.toContain('ananya');
    expect(row.emailHash).toBe(piiOf(server).hash('email', 'ananya.rao@example.in'));
    // The code was single use; the address is now the customer's own.
    expect((await changeEmail(ana, email, code)).body.statusCode).toBe('sameEmail');
  });

  it('refuses an address another customer uses, and never lets one customer confirm for another', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    const email = `ravi.${ravi.mobileNo}@example.com`;
    await changeEmail(ravi, email);
    expect((await changeEmail(ravi, email, await codeSentTo(server, email))).reply.statusCode).toBe(200);
    const taken = await changeEmail(ana, email);
    expect(taken.reply.statusCode).toBe(409);
    expect(taken.body).toMatchObject({ statusCode: 'emailInUse' });
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

  it('refuses a bad, the same or another customer’s number before sending, and a sign-in code as confirmation', async () => {
    const ana = await signInCustomer(server);
    const ravi = await signInCustomer(server);
    const sent = (await outbox(server)).length;
    const cases: [string, number, string, string][] = [
      ['12345', 400, 'invalidMobileNumber', 'Please enter a valid 10 digit mobile number'],
      ['5123456789', 400, 'invalidMobileNumber', 'Please enter a valid 10 digit mobile number'],
      [ana.mobileNo, 400, 'sameMobileNumber', 'This is already the mobile number on your account'],
      [
        ravi.mobileNo,
        409,
        'mobileNumberInUse',
        'This mobile number is registered to another account. Please use a different number',
      ],
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
});
