import {
  MY_ACCOUNT_ROUTES,
  PROFILE_ROUTES,
  type CustomerDetails,
  type CustomerProfileUpdateResponse,
} from '@pravesh/core';
import type { SsoTestServer } from '../../test/customers.ts';

/** What the profile API tests share (not a test file itself): calls as the dashboard sends them. */

export interface Envelope<T> {
  status: boolean;
  statusCode: string;
  statusMessage?: string;
  response?: T;
}

/** POST customerProfile/update with the site's pass token and, when given, the access token. */
export async function updateProfile(
  server: SsoTestServer,
  accessToken: string | undefined,
  body: unknown,
  ip?: string,
) {
  const reply = await server.app.inject({
    method: 'POST',
    url: PROFILE_ROUTES.update,
    ...(ip ? { remoteAddress: ip } : {}),
    headers: {
      'pb-pass-token': await server.pass(2),
      ...(accessToken === undefined ? {} : { 'pb-access-token': accessToken }),
    },
    payload: body as Record<string, unknown>,
  });
  return { reply, body: reply.json<Envelope<CustomerProfileUpdateResponse>>() };
}

/** POST myAccount/getCustomerDetails for `customer`. */
export async function customerDetails(
  server: SsoTestServer,
  customer: { customerId: string; accessToken: string },
): Promise<CustomerDetails> {
  const reply = await server.app.inject({
    method: 'POST',
    url: MY_ACCOUNT_ROUTES.getCustomerDetails,
    headers: { 'pb-pass-token': await server.pass(2), 'pb-access-token': customer.accessToken },
    payload: { customerId: customer.customerId },
  });
  const body = reply.json<Envelope<CustomerDetails>>();
  if (!body.response) throw new Error(`getCustomerDetails answered ${reply.statusCode}: ${reply.body}`);
  return body.response;
}

/** GET a reference list's answer. */
export async function referenceList<T>(server: SsoTestServer, url: string): Promise<T> {
  const reply = await server.app.inject({ method: 'GET', url, headers: { 'pb-pass-token': await server.pass(2) } });
  return reply.json<Envelope<T>>().response!;
}

export interface OutboxMessage {
  id: string;
  to: string;
  text: string;
  subject?: string;
  templateId?: string;
}

/** The local outbox (SMS and email), newest first. */
export async function outbox(server: SsoTestServer): Promise<OutboxMessage[]> {
  const reply = await server.app.inject('/dev/outbox.json');
  return reply.json<{ messages: OutboxMessage[] }>().messages;
}

/** The six-digit code of the newest outbox message to `to` (a number or an address). */
export async function codeSentTo(server: SsoTestServer, to: string): Promise<string> {
  const message = (await outbox(server)).find((entry) => entry.to === to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}
