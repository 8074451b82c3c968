import {
  MY_ACCOUNT_ROUTES,
  PROFILE_ROUTES,
  type CustomerDetails,
  type CustomerProfileUpdateResponse,
} from '@pravesh/core';
import type { SsoTestServer } from '../../test/customers.ts';
import { testClient } from '../../test/client.ts';

/** What the profile API tests share (not a test file itself): calls as the dashboard sends them. */

/** POST customerProfile/update with the site's pass token and, when given, the access token. */
export function updateProfile(server: SsoTestServer, accessToken: string | undefined, body: unknown, ip?: string) {
  return testClient(server).post<CustomerProfileUpdateResponse>(PROFILE_ROUTES.update, {
    accessToken,
    body,
    remoteAddress: ip,
  });
}

/** POST myAccount/getCustomerDetails for `customer`. */
export async function customerDetails(
  server: SsoTestServer,
  customer: { customerId: string; accessToken: string },
): Promise<CustomerDetails> {
  const { reply, body } = await testClient(server).post<CustomerDetails>(MY_ACCOUNT_ROUTES.getCustomerDetails, {
    accessToken: customer.accessToken,
    body: { customerId: customer.customerId },
  });
  if (!body.response) throw new Error(`getCustomerDetails answered ${reply.statusCode}: ${reply.body}`);
  return body.response;
}

/** GET a reference list's answer. */
export async function referenceList<T>(server: SsoTestServer, url: string): Promise<T> {
  return (await testClient(server).get<T>(url)).body.response!;
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
