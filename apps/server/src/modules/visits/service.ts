import { randomUUID } from 'node:crypto';
import {
  PraveshError,
  findSite,
  timeInputToMs,
  type CreateVisitBody,
  type CreateVisitResponse,
  type VisitorRecord,
} from '@pravesh/core';
import type { VisitRow, VisitStore } from './store.ts';
import { utcDay } from '../../db/daily-partitions.ts';
import type { VisitorCookie } from './visitor-cookie.ts';

export interface VisitContext {
  /** The verified calling site. */
  siteId: number;
  /** Device fingerprint hash of the pass token. */
  deviceHash: string | null;
  /** The request's Cookie header: the visitor record may ride along on a same-site call. */
  cookieHeader: string | undefined;
  /** True once the client has hung up: a queued write is then dropped unsent (lib/client-gone.ts). */
  isGone?: (() => boolean) | undefined;
}

export interface CreatedVisit {
  visitId: string;
  visitorId: string;
  /** The visit's fields of spec 000 §3, as stored (a retry gets the visit stored first). */
  visit: CreateVisitResponse;
  created: boolean;
  /** Set-Cookie value re-issuing the visitor record. */
  setCookie: string | undefined;
}

export interface VisitServiceOptions {
  store: VisitStore;
  cookie: VisitorCookie;
  now?: () => number;
  /** The insert path: batched by default; the benchmark's baseline passes store.insertOne. */
  insert?: (row: VisitRow, isGone?: () => boolean) => Promise<'created' | 'existing' | 'conflict'>;
}

/** The answer of POST visit: the row's spec 000 §3 fields, times in ISO 8601. */
function visitAnswer(row: VisitRow): CreateVisitResponse {
  return {
    visitId: row.visitId,
    visitorId: row.visitorId,
    deviceId: row.deviceId ?? null,
    parentVisitId: row.parentVisitId ?? null,
    absoluteParentVisitId: row.absoluteParentVisitId ?? row.visitId,
    siteId: row.siteId,
    siteName: row.siteName ?? null,
    createdAt: row.createdAt.toISOString(),
    completeUrl: row.completeUrl ?? null,
    utmContent: row.utmContent ?? null,
    utmMedium: row.utmMedium ?? null,
    utmCampaign: row.utmCampaign ?? null,
    utmSource: row.utmSource ?? null,
    utmName: row.utmName ?? null,
    utmTerm: row.utmTerm ?? null,
    utmTitle: row.utmTitle ?? null,
    utm: row.utm ?? null,
    dataSource: row.dataSource ?? null,
    pbUtmCampaign: row.pbUtmCampaign ?? null,
    pbUtmContent: row.pbUtmContent ?? null,
    pbUtmMedium: row.pbUtmMedium ?? null,
    pbUtmSource: row.pbUtmSource ?? null,
    pbUtmTerm: row.pbUtmTerm ?? null,
  };
}

const absent = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** The body's rule for browser-chosen ids (core idText): what a visit row may hold. */
const STORABLE_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const storableId = (value: string | undefined) => value === undefined || STORABLE_ID.test(value);

/**
 * The cookie's record when its ids may go into a visit row. The record schema takes any short
 * string, and the cookie key is public (the SDK is served it), so a hand-made cookie could carry
 * a NUL or an unpaired surrogate into the batched insert and fail the batch of every other caller;
 * such a record is treated as no record (the visitor gets a fresh one).
 */
function usableRecord(record: VisitorRecord | undefined): VisitorRecord | undefined {
  if (!record) return undefined;
  const ids = [record.visitorId, record.visit, record.parentVisitId, record.absoluteParentVisitId];
  return ids.every(storableId) ? record : undefined;
}

/**
 * Visit creation (spec 000 §3 "Visit", §4 "Visit chain"). What the body names wins; what it
 * leaves out comes from the visitor cookie: the old visit becomes the parent, the first visit
 * stays the absolute parent, and a caller with neither gets a new visitor id.
 */
export function createVisitService(options: VisitServiceOptions) {
  const now = options.now ?? Date.now;
  const insert = options.insert ?? options.store.insert;

  function nextRecord(
    previous: VisitorRecord | undefined,
    visit: { visitId: string; visitorId: string; parentVisitId?: string; absoluteParentVisitId: string },
    utmSource: string | undefined,
    at: number,
  ): VisitorRecord {
    return {
      id: previous?.id ?? randomUUID(),
      visitorId: visit.visitorId,
      // spec 000 §4: the nudge resets to open on a new visit.
      initialNudgeState: previous?.visit === visit.visitId ? previous.initialNudgeState : 'open',
      lastActive: at,
      createdAt: previous?.createdAt ?? at,
      updatedAt: at,
      visit: visit.visitId,
      mostRecentVisit: visit.visitId,
      parentVisitId: visit.parentVisitId,
      absoluteParentVisitId: visit.absoluteParentVisitId,
      // The record keeps utmSource as the visit body carried it, for the SDK's "UTM source differs" rule.
      utmSource: utmSource !== undefined && utmSource.length <= 256 ? utmSource : undefined,
      // Sealed customer fields and flags are the SDK's; the server only carries them over.
      mobileNo: previous?.mobileNo,
      customerId: previous?.customerId,
      syncGuc: previous?.syncGuc ?? false,
      purgeStorage: previous?.purgeStorage ?? false,
      customerStorageMapping: previous?.customerStorageMapping ?? {},
    };
  }

  return {
    async create(body: CreateVisitBody, context: VisitContext): Promise<CreatedVisit> {
      const at = now();
      const cookieRecord = usableRecord(options.cookie.read(context.cookieHeader));
      const visitorId = absent(body.visitorId) ?? cookieRecord?.visitorId ?? randomUUID();
      // The cookie describes this browser only when it names the same visitor.
      const previous = cookieRecord?.visitorId === visitorId ? cookieRecord : undefined;
      // PostgreSQL answers uuids in lower case; compare and answer in the same form.
      const visitId = (absent(body.visitId) ?? randomUUID()).toLowerCase();
      const parentVisitId =
        absent(body.parentVisitId) ??
        (previous?.visit !== undefined && previous.visit !== visitId ? previous.visit : previous?.parentVisitId);
      const absoluteParentVisitId =
        absent(body.absoluteParentVisitId) ?? previous?.absoluteParentVisitId ?? parentVisitId ?? visitId;
      const startedAt = absent(body.createdAt) ?? absent(body.createdTime);

      const row: VisitRow = {
        visitId,
        visitorId,
        deviceId: body.deviceId ?? null,
        parentVisitId: parentVisitId ?? null,
        absoluteParentVisitId,
        siteId: context.siteId,
        // spec 000 §3 lists siteName among the fields a visit is created with: the body's, else the
        // calling site's name from the site list.
        siteName: body.siteName ?? findSite(context.siteId)?.name ?? null,
        createdAt: new Date(startedAt === undefined ? at : timeInputToMs(startedAt)),
        completeUrl: body.completeUrl ?? null,
        utmContent: body.utmContent ?? null,
        utmMedium: body.utmMedium ?? null,
        utmCampaign: body.utmCampaign ?? null,
        utmSource: body.utmSource ?? null,
        utmName: body.utmName ?? null,
        utmTerm: body.utmTerm ?? null,
        utmTitle: body.utmTitle ?? null,
        utm: body.utm ?? null,
        dataSource: body.dataSource ?? null,
        pbUtmCampaign: body.pbUtmCampaign ?? null,
        pbUtmContent: body.pbUtmContent ?? null,
        pbUtmMedium: body.pbUtmMedium ?? null,
        pbUtmSource: body.pbUtmSource ?? null,
        pbUtmTerm: body.pbUtmTerm ?? null,
        deviceHash: context.deviceHash,
        // The partition key: this server's UTC day (db/daily-partitions.ts).
        receivedOn: utcDay(at),
      };
      const outcome = await insert(row, context.isGone);
      if (outcome === 'conflict') throw new PraveshError('failedToCreateVisitId');
      // A retry is answered with the visit stored first (its createdAt, campaign fields); it is rare
      // (the SDK retries only a failed call), so the extra read is not on the hot path.
      const stored = outcome === 'existing' ? ((await options.store.find(visitId, row.receivedOn)) ?? row) : row;

      // Built from a validated body and a validated cookie record, so it needs no second parse.
      const record = nextRecord(
        previous,
        { visitId, visitorId, parentVisitId, absoluteParentVisitId },
        absent(body.utmSource),
        at,
      );
      return {
        visitId,
        visitorId,
        visit: visitAnswer(stored),
        created: outcome === 'created',
        setCookie: options.cookie.serialize(record),
      };
    },
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
