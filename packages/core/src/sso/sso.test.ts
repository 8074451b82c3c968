import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_METHODS,
  JOURNEY_TYPES,
  SSO_ROUTES,
  callerIdStatusPath,
  isIndianMobileNumber,
  isWidgetJourney,
  parseScope,
  selectAuthMethod,
  type AuthMethodInputs,
} from './constants.ts';
import { authorizeBodySchema, otpSendBodySchema, ssoTokenResponseSchema } from './schemas.ts';

/** The inputs each method needs (spec 000 §4), in priority order. */
const NEEDS: Record<(typeof AUTH_METHODS)[number], AuthMethodInputs> = {
  user_credential: { username: 'a@b.in', password: 'p' },
  otp: { mobileNo: '9876543210', otp: '123456' },
  mobile_credential: { mobileNo: '9876543210', password: 'p' },
  glss_key: { glss_key: 'k', siteId: 2 },
  auth_token: { auth_token: 't' },
  glss_token: { glss_token: 'g' },
  social_truecaller: { social_token: 'n' },
};

describe('single sign-on rules', () => {
  it('picks the first method of the spec priority whose inputs are present', () => {
    fc.assert(
      fc.property(fc.subarray([...AUTH_METHODS], { minLength: 1 }), (methods) => {
        const inputs = Object.assign({}, ...methods.map((method) => NEEDS[method])) as AuthMethodInputs;
        const expected = AUTH_METHODS.find((method) =>
          Object.keys(NEEDS[method]).every((key) => inputs[key as keyof AuthMethodInputs] !== undefined),
        );
        expect(selectAuthMethod(inputs)).toBe(expected);
      }),
    );
    expect(selectAuthMethod({})).toBeUndefined();
    expect(selectAuthMethod({ hasSessionCookie: true })).toBe('glss_token');
    expect(selectAuthMethod({ mobileNo: '9876543210', otp: '' })).toBeUndefined();
    expect(selectAuthMethod({ social_token: 'n', socialProviderId: 'google' })).toBeUndefined();
  });

  it('accepts Indian mobile numbers only: 10 digits starting 6-9', () => {
    for (const good of ['6000000000', '7999999999', '8123456789', '9876543210'])
      expect(isIndianMobileNumber(good)).toBe(true);
    for (const bad of ['5123456789', '987654321', '98765432100', '+919876543210', ' 9876543210', '98765x3210']) {
      expect(isIndianMobileNumber(bad)).toBe(false);
    }
  });

  it('splits scopes on spaces (and commas), once each', () => {
    expect(parseScope('bureau  myaccount,bureau')).toEqual(['bureau', 'myaccount']);
    expect(parseScope(undefined)).toEqual([]);
  });

  it('knows the widget journeys and the status path', () => {
    expect(JOURNEY_TYPES).toContain('REDIRECT');
    expect(isWidgetJourney('JOURNEY_OTP')).toBe(true);
    expect(isWidgetJourney('REDIRECT')).toBe(false);
    expect(callerIdStatusPath('abc')).toBe('/SSOSOCKET/api/v1/oauth/request/abc');
    expect(SSO_ROUTES.getSsoToken).toBe('/MSP/api/v1/myAccount/getSsoToken');
  });

  it('parses the payloads of spec 000 §3 and spec 001 §7', () => {
    expect(otpSendBodySchema.safeParse({ mobileNo: '9876543210', visitorId: 'v', visitId: 'w' }).success).toBe(true);
    expect(otpSendBodySchema.safeParse({ mobileNo: '1876543210', visitorId: 'v', visitId: 'w' }).success).toBe(false);
    const authorize = authorizeBodySchema.parse({
      response_type: 'code',
      client_id: 'c',
      redirect_uri: 'http://localhost:4100/',
      mobileNo: '9876543210',
      otp: '123456',
      force_redirect: 1,
      enableWhatsappAlert: 'true',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    expect(authorize.force_redirect).toBe(1);
    expect(
      authorizeBodySchema.safeParse({ client_id: 'c', redirect_uri: 'x', code_challenge_method: 'plain' }).success,
    ).toBe(false);
    const reply = {
      accessToken: 't',
      customerId: '00000000-0000-4000-8000-000000000000',
      mobileNo: '9876543210',
      visitorId: null,
      expiresIn: 900,
      tokenType: 'Bearer',
      scope: 'bureau',
      user: {
        customerId: '00000000-0000-4000-8000-000000000000',
        mobileNo: '9876543210',
        visitorId: null,
        visitId: null,
        glssToken: 'g',
      },
    };
    expect(ssoTokenResponseSchema.parse(reply)).toEqual(reply);
  });
});
