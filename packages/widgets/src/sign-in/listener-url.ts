import { ACCOUNTS_PAGES, type WidgetJourneyType } from '@pravesh/core';

export interface ListenerUrlInput {
  accountsUrl: string;
  journeyType: WidgetJourneyType;
  /** The journey's query from the sign-on client (client_id, redirect_uri, state, scope…). */
  params: Readonly<Record<string, string>>;
  /** The embedding page's exact origin; the frame posts to nothing else. */
  parentOrigin: string;
  visitorId?: string | undefined;
  visitId?: string | undefined;
  closable: boolean;
}

/**
 * The frame's address (spec 000 §2): the accounts host's /listener with the journey parameters,
 * parentOrigin, visitorId, visitId and closable. The widget's own values win over any the
 * journey's query carries.
 */
export function listenerUrl(input: ListenerUrlInput): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.params)) {
    if (value !== '') query.set(name, value);
  }
  query.set('journey_type', input.journeyType);
  query.set('parentOrigin', input.parentOrigin);
  if (input.visitorId) query.set('visitorId', input.visitorId);
  if (input.visitId) query.set('visitId', input.visitId);
  query.set('closable', input.closable ? '1' : '0');
  return `${input.accountsUrl.replace(/\/+$/, '')}${ACCOUNTS_PAGES.listener}?${query.toString()}`;
}

/** The origin messages must come from: the accounts host's. */
export function accountsOrigin(accountsUrl: string): string {
  return new URL(accountsUrl).origin;
}
