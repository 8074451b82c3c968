import { GUID_PATTERN, PraveshError } from '@pravesh/core';
import type { Logger } from '../cookie-purge.ts';
import type { ConsentClient, ConsentConfig, ConsentOptions } from './types.ts';
import { isText, refusedToken } from './wire.ts';

/** Who a consent call speaks for: the visit and visitor, and the signed-in customer when there is one. */
export interface ConsentSubject {
  visitId: string;
  visitorId: string;
  customerId?: string;
  accessToken?: string;
}

/**
 * Who is asking and how a consent call is sent (spec 000 §5, §7): the subject's ids from the
 * config, the visitor layer and the sign-on session, and one POST that carries the access token.
 */
export function createConsentCaller(
  client: ConsentClient,
  config: ConsentConfig,
  options: ConsentOptions,
  logger: Logger,
) {
  /** spec 000 §5: "Consent requires contractId, visitId and a shield configuration". */
  async function subject(): Promise<ConsentSubject> {
    const record = options.visitor?.records.read();
    const visitId = config.visitId ?? record?.visit;
    if (!isText(visitId)) throw new PraveshError('puckarVisitIdRequired');
    try {
      await client.init();
    } catch (cause) {
      logger.warn('consent: no shield config', cause);
      throw new PraveshError('puckarShieldConfigRequired');
    }
    const visitorId = config.visitorId ?? record?.visitorId ?? visitId;
    const session = options.signOn?.session;
    const customerId = config.customerId ?? session?.customerId;
    const accessToken = config.accessToken ?? session?.accessToken;
    return {
      visitId,
      visitorId,
      ...(isText(customerId) ? { customerId } : {}),
      ...(isText(accessToken) ? { accessToken } : {}),
    };
  }

  /**
   * A call that speaks for the customer carries the access token in the pass token's sso strategy:
   * sso-authentication-token, which the HTTP client moves into the token (spec 000 §7 request
   * interceptor), as the sign-on client does; the server refuses a customerId without it. A
   * refused token is renewed once through the sign-on client.
   */
  async function post<T>(path: string, body: unknown, accessToken: string | undefined): Promise<T> {
    const send = (token: string | undefined) =>
      client.request<T>('POST', path, {
        body,
        ...(token ? { headers: { 'sso-authentication-token': token } } : {}),
      });
    try {
      return await send(accessToken);
    } catch (error) {
      const signOn = options.signOn;
      if (!accessToken || !signOn?.refreshAccessToken || !refusedToken(error) || config.accessToken !== undefined) {
        throw error;
      }
      return send(await signOn.refreshAccessToken());
    }
  }

  async function customerSubject() {
    const who = await subject();
    // spec 000 §5: "Consent is sent only when customerId is a GUID (8-4-4-4-12 hex)."
    if (!who.customerId || !GUID_PATTERN.test(who.customerId)) {
      throw new PraveshError('required', { list: 'customerId' });
    }
    return who as typeof who & { customerId: string };
  }

  return { subject, customerSubject, post };
}

export type ConsentCaller = ReturnType<typeof createConsentCaller>;
