import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DESK_ROUTES, DESK_SESSION_COOKIE, type ChatEvent } from '@pravesh/core';
import { testClient, type CallReply } from '../../../test/client.ts';
import type { SignedInCustomer, SsoTestServer } from '../../../test/customers.ts';
import { saveDeskAgent } from './agents.ts';

/** Live chat's test helpers: agents at the desk, customers' calls, and Server-Sent Event readers. */

/** A customer's call, as the dashboard makes it (a pass token for site 2, the access token if any). */
export function customerCall<T>(
  server: SsoTestServer,
  method: 'GET' | 'POST',
  url: string,
  customer?: SignedInCustomer | string,
  body?: unknown,
): Promise<CallReply<T>> {
  const accessToken = typeof customer === 'string' ? customer : customer?.accessToken;
  return testClient(server).call<T>(method, url, { accessToken, body });
}

export interface DeskAgentHandle {
  email: string;
  password: string;
  name: string;
  /** The desk session's Cookie header, once signed in. */
  cookie: string;
}

export const DESK_COOKIE = DESK_SESSION_COOKIE.local;

export async function addAgent(server: SsoTestServer, name: string, capacity = 2): Promise<DeskAgentHandle> {
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@desk.example.in`;
  const password = `pw-${randomUUID()}`;
  await saveDeskAgent(
    server.database.db,
    { email, displayName: name, capacity, password },
    new Date(server.clock.now()),
  );
  return { email, password, name, cookie: '' };
}

/** An agent's call from the desk: its session cookie, and no pass token (agents are not customers). */
export function deskCall<T>(
  server: SsoTestServer,
  method: 'GET' | 'POST',
  url: string,
  cookie: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<CallReply<T>> {
  return testClient(server).call<T>(method, url, {
    pass: false,
    body,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** Signs the agent in and keeps the session cookie on the handle. */
export async function signInAgent(server: SsoTestServer, agent: DeskAgentHandle): Promise<DeskAgentHandle> {
  const reply = await deskCall(server, 'POST', DESK_ROUTES.signIn, undefined, {
    email: agent.email,
    password: agent.password,
  });
  if (reply.status !== 200) throw new Error(`desk sign-in failed: ${JSON.stringify(reply.body)}`);
  const set = String(reply.headers['set-cookie']);
  agent.cookie = set.split(';')[0]!;
  return agent;
}

/** The base URL of a server that listens on a free loopback port (streams need a real socket). */
export async function listening(server: SsoTestServer): Promise<string> {
  const address = server.app.server.address() as AddressInfo | null;
  if (address) return `http://127.0.0.1:${address.port}`;
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

export interface EventReader {
  readonly events: ChatEvent[];
  /** Resolves with the first event (from the start) that matches, or fails after `timeoutMs`. */
  next(match: (event: ChatEvent) => boolean, timeoutMs?: number): Promise<ChatEvent>;
  close(): void;
}

/** Opens a Server-Sent Events stream and collects its events. */
export async function readEvents(url: string, headers: Record<string, string>): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  }
  const events: ChatEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as ChatEvent);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return {
    events,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event; heard ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
