import type { AnalyticsEvent } from '@pravesh/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/analytics.ts';

export interface StoredEvent {
  eventId: string;
  receivedAt: Date;
}

export interface AnalyticsStoreOptions {
  /** Keyed hash for the tracking data's mobileNo; without it the number is not stored at all. */
  hashMobile?: (mobileNo: string) => string;
}

export function createAnalyticsStore(db: Database, options: AnalyticsStoreOptions = {}) {
  return {
    /**
     * Inserts the event, or finds the earlier copy of a retried send (same eventId): the caller
     * gets the original receipt either way, and the row is committed before it returns.
     */
    async insert(event: AnalyticsEvent, siteId: number, deviceHash: string | null): Promise<StoredEvent> {
      const [inserted] = await db
        .insert(analyticsEvents)
        .values({
          eventId: event.eventId,
          siteId,
          event: event.event,
          category: event.category,
          action: event.action,
          label: event.label,
          pageType: event.pageType,
          userType: event.userType,
          clientId: event.clientId,
          lob: event.lob,
          visitorId: event.visitorId,
          visitId: event.visitId,
          pageUrl: event.pageUrl,
          occurredAt: event.occurredAt ? new Date(event.occurredAt) : null,
          data: event.data,
          deviceHash,
          deviceId: event.deviceId,
          parentVisitId: event.parentVisitId,
          absoluteParentVisitId: event.absoluteParentVisitId,
          customerId: event.customerId,
          mobileHash: event.mobileNo && options.hashMobile ? options.hashMobile(event.mobileNo) : null,
          reportedSiteId: event.siteId,
          userState: event.userState,
        })
        .onConflictDoNothing({ target: analyticsEvents.eventId })
        .returning({ eventId: analyticsEvents.eventId, receivedAt: analyticsEvents.receivedAt });
      if (inserted) return inserted;
      const [existing] = await db
        .select({ eventId: analyticsEvents.eventId, receivedAt: analyticsEvents.receivedAt })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.eventId, event.eventId));
      if (!existing) throw new Error('event vanished between insert and read');
      return existing;
    },
    async count(): Promise<number> {
      return await db.$count(analyticsEvents);
    },
  };
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>;
