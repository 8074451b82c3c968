import { SSO_SITE_ID } from '@pravesh/core';
import type { Logger } from '../cookie-purge.ts';
import type { VisitTracker } from '../visit-chain.ts';
import type { CustomerChange, VisitorRecordStore } from '../visitor-record.ts';

/**
 * Linking the visitor record to the customer on sign-in (spec 000 §1 "linked to a customer once that
 * customer logs in", §4 "a new visit … when a customer is set").
 *
 * Who may write it: spec 000 §5/§6 let only the single-sign-on site (site 11) store customer
 * identity, and the visitor record refuses any other site ("{id} is not authorized to set customer
 * data. Only SSO can set customer data."). The sign-on client is the single-sign-on site's agent in
 * the page — what the sign-on script of the original system was — and it writes only what the
 * accounts service itself answered: the mobileNo and customerId of the code exchange
 * (getSsoToken), which the server gives only for a one-time code issued to this site's client,
 * under this site's pass token and PKCE verifier. Nothing a page passes in, and nothing a frame
 * message carries, is ever written as identity. The site's own code calling
 * VisitorLayer.setCustomer is still refused.
 *
 * The structural slice of the visitor layer this needs; a VisitorLayer satisfies it.
 */
export interface VisitorLink {
  readonly records: Pick<VisitorRecordStore, 'read' | 'write' | 'setCustomer'>;
  readonly visits: Pick<VisitTracker, 'newVisit'>;
  maintain(): Promise<void>;
}

export interface LinkedCustomer {
  mobileNo: string;
  customerId: string;
}

export async function linkVisitorToCustomer(link: VisitorLink, customer: LinkedCustomer): Promise<CustomerChange> {
  const change = await link.records.setCustomer(SSO_SITE_ID, {
    mobileNo: customer.mobileNo,
    customerId: customer.customerId,
  });
  // As VisitorLayer.setCustomer: a new visit for a new customer, and the sync of their history —
  // for the same customer too, since this site's access token was written just before and a merge
  // that ran without it is still due (storage-maintenance.ts runSyncMaintenance).
  if (change === 'set') await link.visits.newVisit('customer');
  void link.maintain();
  return change;
}

/**
 * On logout the record goes back to signedOut (spec 000 §6: the state is derived from the presence
 * of a customer). The customer storage mapping stays, so their activity is found at the next sign-in.
 */
export function unlinkVisitorCustomer(link: VisitorLink): boolean {
  const record = link.records.read();
  if (!record || (record.mobileNo === undefined && record.customerId === undefined)) return false;
  const { mobileNo: _mobileNo, customerId: _customerId, ...rest } = record;
  link.records.write(rest);
  return true;
}

/** Visitor and visit ids for the OTP payload and the widget frame (spec 000 §3). */
export function visitorIds(link: VisitorLink | undefined): { visitorId?: string; visitId?: string } {
  const record = link?.records.read();
  if (!record) return {};
  return { visitorId: record.visitorId, ...(record.visit !== undefined ? { visitId: record.visit } : {}) };
}

export const silentLogger: Logger = { warn: () => undefined };
