import { z } from 'zod';
import { idText } from './fields.ts';
import { jsonValueSchema } from '../http/json-value.ts';
import { siteEntrySchema } from './shared-data.ts';

/**
 * The server half of shared activity (spec 000 §3 "Site entry", §4 sync flag, §7).
 *
 * POST /MSP/api/v1/pbguc/activity stores a site entry's data items and leads for a visitor, so
 * that after sign-in the historical merge can read them from any site (third-party storage is
 * partitioned per top-level site, so the hub alone cannot share them across sites).
 *
 * POST /MSP/api/v1/pbguc/getApplicationData answers a visitor's stored entries per site and the
 * consent received date. The spec shows no method; POST because visitor and customer ids are
 * identifiers that should stay out of URLs (access logs, proxies, Referer), and because every
 * other /MSP call the SDK makes is a JSON POST through its one shielded helper.
 */

export const ACTIVITY_PATH = '/MSP/api/v1/pbguc/activity';
export const APPLICATION_DATA_PATH = '/MSP/api/v1/pbguc/getApplicationData';

export const ACTIVITY_ACTIONS = ['set', 'update'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** spec 000 §5: consent is sent only when customerId is a GUID (8-4-4-4-12 hex). */
const customerIdSchema = z.guid();

export const storeActivityBodySchema = z.object({
  visitorId: idText(64),
  customerId: customerIdSchema.nullish(),
  visitId: idText(64).nullish(),
  /** The site the entry belongs to; defaults to the calling site and may only name it. */
  siteId: z.number().int().nullish(),
  /**
   * set: create or replace items by id and type (products PL, CC, HL, DL, BL, MF, HLBT, LAP).
   * update: replace existing items only ("{id} - does not exist." otherwise); PCO and BUREAU allowed.
   */
  action: z.enum(ACTIVITY_ACTIONS).default('set'),
  /** Data items; each is checked by parseDataItem for the catalogue's messages. */
  data: z.array(z.unknown()).max(500).optional(),
  /** Leads; each is checked by parseLead. */
  leads: z.array(z.unknown()).max(500).optional(),
  sharedData: z.record(z.string(), jsonValueSchema).optional(),
});
export type StoreActivityBody = z.infer<typeof storeActivityBodySchema>;

export const storeActivityResponseSchema = z.object({
  siteId: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  dataCount: z.number().int(),
  leadCount: z.number().int(),
});
export type StoreActivityResponse = z.infer<typeof storeActivityResponseSchema>;

export const getApplicationDataBodySchema = z.object({
  visitorId: idText(64),
  /** Adds the entries stored under this customer from other visitors (devices) — the merge after sign-in. */
  customerId: customerIdSchema.nullish(),
  /** Only this site's entry. */
  siteId: z.number().int().nullish(),
});
export type GetApplicationDataBody = z.infer<typeof getApplicationDataBodySchema>;

export const getApplicationDataResponseSchema = z.object({
  visitorId: z.string(),
  customerId: z.string().nullable(),
  /** Site entries keyed by site id as a string, the shape of the shared storage (spec 000 §5). */
  sites: z.record(z.string(), siteEntrySchema),
});
export type GetApplicationDataResponse = z.infer<typeof getApplicationDataResponseSchema>;
