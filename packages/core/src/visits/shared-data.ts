import { z } from 'zod';
import { mergeEntryItems, mergeSiteEntryPair } from '../activity/merge-entries.ts';
import {
  APPLICATION_FIELDS,
  assertStoredSize,
  ITEM_PAYLOAD_TYPES,
  SITE_ENTRY_LIMIT_BYTES,
  storedSize,
  validateApplication,
  validateDataItem,
  validateLead,
  type ValidateItemOptions,
} from '../activity/site-entry-rules.ts';
import { DATA_PRODUCTS, UPDATE_ONLY_PRODUCTS } from '../constants.ts';
import { safeText } from './fields.ts';

/**
 * Shared data of a site entry (spec 000 §3 "Site entry", "Lead", "Application", "Data item") as
 * zod schemas, for the server's request and response shapes. The validation rules of spec 000 §5
 * and the historical merge live once, zod-free, in activity/site-entry-rules.ts and
 * activity/merge-entries.ts (the SDK carries them); the server's names below are those functions.
 */

/** Shared data over this size is refused (spec 000 §5: "default 350 KB"). */
export const SHARED_DATA_LIMIT_BYTES = SITE_ENTRY_LIMIT_BYTES;

/** spec 000 §5: "Payload types allowed: report, lead" — the data item's type. */
export const SHARED_PAYLOAD_TYPES = ITEM_PAYLOAD_TYPES;
export type SharedPayloadType = (typeof SHARED_PAYLOAD_TYPES)[number];

/** spec 000 §3: "Application (all nine mandatory when set)". */
export const APPLICATION_MANDATORY_FIELDS = APPLICATION_FIELDS;

/** Ids may be numbers in partner systems; both are kept as given. */
const idValue = z.union([safeText(128).min(1), z.number().int()]);
/** Times as the browser stores them: epoch milliseconds or a date string. */
const timeValue = z.union([z.number().int().nonnegative(), safeText(64)]);

export const applicationSchema = z.object({
  id: idValue,
  partnerId: idValue,
  partnerName: safeText(256),
  productName: safeText(256),
  image: safeText(2048),
  state: safeText(64),
  continueUrl: safeText(2048),
  title: safeText(256),
  subtitle: safeText(512),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type Application = z.infer<typeof applicationSchema>;

export const dataItemSchema = z.object({
  id: idValue,
  type: z.enum(SHARED_PAYLOAD_TYPES),
  product: z.enum([...DATA_PRODUCTS, ...UPDATE_ONLY_PRODUCTS]).optional(),
  title: safeText(256).optional(),
  subtitle: safeText(512).optional(),
  continueUrl: safeText(2048).optional(),
  image: safeText(2048).optional(),
  lastUpdated: timeValue.optional(),
  nextUpdate: timeValue.optional(),
  bureauType: safeText(32).optional(),
  application: z.array(applicationSchema).max(100).optional(),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type DataItem = z.infer<typeof dataItemSchema>;

export const leadSchema = z.object({
  id: idValue,
  application: z.array(applicationSchema).max(100).default([]),
  applicationDetails: z.record(z.string(), z.json()).optional(),
  createdAt: timeValue.optional(),
  updatedAt: timeValue.optional(),
});
export type Lead = z.infer<typeof leadSchema>;

/** One site's entry (spec 000 §3 "Site entry in shared storage"); the spelling is the spec's. */
export const siteEntrySchema = z.object({
  siteId: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  visit: z.string().nullable(),
  data: z.array(dataItemSchema),
  leads: z.array(leadSchema),
  sharedData: z.record(z.string(), z.json()).nullable(),
  consentRecievedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type SiteEntry = z.infer<typeof siteEntrySchema>;

/** Byte size of a value as stored (UTF-8 JSON), which is what the 350 KB limit counts. */
export const sharedDataSize = storedSize;

/** Throws "Data size exceeds permissiable limit." when the value is over the limit. */
export const assertSharedDataSize = assertStoredSize;

export type ParseItemOptions = ValidateItemOptions;

/** An application "set" needs id and a payload with all nine mandatory fields (spec 000 §5). */
export const parseApplication = validateApplication;

/** Validates one data item with the catalogue's messages (spec 000 §5, §8). */
export const parseDataItem = validateDataItem;

/** Validates one lead: id, application array and optional applicationDetails (spec 000 §3). */
export const parseLead = validateLead;

/**
 * Merges two lists of items by id (and type): one copy of each, the most recently updated one
 * winning, ties to `incoming`. This is the rule of the historical merge after sign-in (spec 000
 * §4 sync flag) and of storing an item again.
 */
export const mergeItems = mergeEntryItems;

/** Merges two entries of the same site: items by id, the newer dates and visit win. */
export const mergeSiteEntries = mergeSiteEntryPair;
