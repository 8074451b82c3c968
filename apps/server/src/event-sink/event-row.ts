import { randomUUID } from 'node:crypto';
import type { AnalyticsEvent } from '@pravesh/core';

/**
 * One analytics event as it is kept: the row of `analytics_events` (keys are its columns) and,
 * with the NATS sink, the JSON body of the stream's message, so a warehouse loader reads the same
 * fields from either.
 */
export interface EventRow {
  eventId: string;
  siteId: number;
  event: string;
  category: string | null;
  action: string | null;
  label: string | null;
  pageType: string | null;
  userType: string | null;
  clientId: string | null;
  lob: string | null;
  visitorId: string | null;
  visitId: string | null;
  pageUrl: string | null;
  occurredAt: string | null;
  data: Record<string, unknown> | null;
  deviceHash: string | null;
  receivedAt: string;
  deviceId: string | null;
  parentVisitId: string | null;
  absoluteParentVisitId: string | null;
  customerId: string | null;
  mobileHash: string | null;
  reportedSiteId: number | null;
  userState: string | null;
}

export interface EventRowOptions {
  /** Keyed hash for the tracking data's mobileNo; without it the number is not kept at all. */
  hashMobile?: ((mobileNo: string) => string) | undefined;
  /** Injectable clock in milliseconds: the receipt time is set here, not by the sink. */
  now?: (() => number) | undefined;
}

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** Makes the kept form of an event sent by `siteId` (the verified caller). */
export function createEventRows(options: EventRowOptions = {}) {
  const now = options.now ?? Date.now;
  return (event: AnalyticsEvent, siteId: number, deviceHash: string | null): EventRow => ({
    // spec 000's own body carries no eventId: the server makes one, lower case as PostgreSQL
    // answers uuids, so a receipt compares equal to what is stored.
    eventId: (event.eventId ?? randomUUID()).toLowerCase(),
    siteId,
    event: event.event,
    category: orNull(event.category),
    action: orNull(event.action),
    label: orNull(event.label),
    pageType: orNull(event.pageType),
    userType: orNull(event.userType),
    clientId: orNull(event.clientId),
    lob: orNull(event.lob),
    visitorId: orNull(event.visitorId),
    visitId: orNull(event.visitId),
    pageUrl: orNull(event.pageUrl),
    occurredAt: orNull(event.occurredAt),
    data: orNull(event.data),
    deviceHash,
    receivedAt: new Date(now()).toISOString(),
    deviceId: orNull(event.deviceId),
    parentVisitId: orNull(event.parentVisitId),
    absoluteParentVisitId: orNull(event.absoluteParentVisitId),
    customerId: orNull(event.customerId),
    mobileHash: event.mobileNo && options.hashMobile ? options.hashMobile(event.mobileNo) : null,
    reportedSiteId: orNull(event.siteId),
    userState: orNull(event.userState),
  });
}
