import { createContext, useContext } from 'react';
import type { Http } from '../lib/http.ts';
import type { Analytics } from '../lib/analytics.ts';
import type { NativeBridgeHost } from '../session/native-bridge.ts';
import type { DashboardConfig } from './config.ts';
import type { Persistence } from './persist.ts';

/**
 * The sign-on client as My Account uses it: the SDK's (packages/sdk/src/sso, `createSignOn`), so
 * signing in is the accounts host's one journey with PKCE (no second sign-in path).
 */
export interface SignOnPort {
  /** Exchanges a returning login link's code (state and PKCE verifier checked), or signs in silently. */
  autoInit(): Promise<{ session: { customerId: string; mobileNo: string; accessToken: string } | undefined }>;
  loginLink(options?: { screenType?: number | string; version?: number | string; editMobile?: 0 | 1 }): Promise<string>;
  /** Forgets the access token, then goes to the accounts host's logout link. */
  logout(): void;
  getAccessToken(): string | undefined;
  /** Whether the accounts host's session looks present (its exists cookie, spec 000 §4). */
  sessionExists(): boolean;
}

/** Everything outside the React tree a screen or a flow needs, given once (and replaced in tests). */
export interface Services {
  config: DashboardConfig;
  http: Http;
  signOn: SignOnPort;
  analytics: Analytics;
  persistence: Persistence;
  /** Empties what this app keeps in the browser besides the persisted state (spec 001 §4 Logout). */
  clearBrowserStorage(): void;
  /**
   * Calls `listener` when another tab of this browser logs out (its logout removes the persisted
   * state, spec 001 §4); answers the function that stops listening.
   */
  onLoggedOutElsewhere(listener: () => void): () => void;
  /** Leaves for another page (location.assign). */
  navigate(url: string): void;
  /** The current address. */
  url(): string;
  /** A full reload (lazy screens reload once on a chunk failure). */
  reload(): void;
  bridges: NativeBridgeHost;
  /**
   * The headers a streamed call needs (a fresh pass token and the access token): a Server-Sent
   * Events stream is read with fetch, outside the SDK's request, which answers whole replies only.
   */
  streamHeaders(): Promise<Record<string, string>>;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('My Account services are not provided');
  return services;
}
