import { siteIdOf, type TrackingData, type VisitorRecord } from '@pravesh/core';
import type { Customer } from './visitor-record.ts';

/**
 * The tracking data of spec 000 §3 that every analytics event carries while a visitor layer is
 * active: device, the visit chain, visitor, customer, site and userState — signedIn when a
 * customer is set, signedOut otherwise (spec 000 §6). The customer fields are opened from their
 * sealed form; the server keeps only a keyed hash of mobileNo.
 */
export interface TrackingDataSources {
  siteId: number | string;
  /** The visitor record now (undefined before the first one exists). */
  record: () => VisitorRecord | undefined;
  customer: (record: VisitorRecord) => Promise<Customer | undefined>;
  deviceId?: () => Promise<string | undefined>;
}

export async function collectTrackingData(sources: TrackingDataSources): Promise<TrackingData> {
  const siteId = siteIdOf(sources.siteId);
  const record = sources.record();
  const [customer, deviceId] = await Promise.all([
    record ? sources.customer(record).catch(() => undefined) : undefined,
    sources.deviceId?.().catch(() => undefined),
  ]);
  const data: TrackingData = { userState: customer ? 'signedIn' : 'signedOut' };
  if (deviceId) data.deviceId = deviceId;
  if (siteId !== undefined) data.siteId = siteId;
  if (record) {
    data.visitorId = record.visitorId;
    if (record.visit !== undefined) data.visitId = record.visit;
    if (record.parentVisitId !== undefined) data.parentVisitId = record.parentVisitId;
    if (record.absoluteParentVisitId !== undefined) data.absoluteParentVisitId = record.absoluteParentVisitId;
  }
  if (customer) {
    data.customerId = customer.customerId;
    data.mobileNo = customer.mobileNo;
  }
  return data;
}

/** A provider for Pravesh.setTrackingData. */
export function trackingDataProvider(sources: TrackingDataSources): () => Promise<TrackingData> {
  return () => collectTrackingData(sources);
}
