import { ITEM_PAYLOAD_TYPES } from '../constants.ts';
import { mergeEntryItems, mergeSiteEntryPair } from '../activity/merge-entries.ts';
import {
  APPLICATION_FIELDS,
  assertStoredSize,
  SITE_ENTRY_LIMIT_BYTES,
  storedSize,
  validateApplication,
  validateDataItem,
  validateLead,
  type ValidateItemOptions,
} from '../activity/site-entry-rules.ts';

export {
  applicationSchema,
  dataItemSchema,
  leadSchema,
  siteEntrySchema,
  type Application,
  type DataItem,
  type Lead,
  type SiteEntry,
} from '../activity/site-entry-schemas.ts';

/**
 * Shared data of a site entry (spec 000 §3 "Site entry", "Lead", "Application", "Data item") as
 * zod schemas (written in activity/site-entry-schemas.ts), for the server's request and response
 * shapes. The validation rules of spec 000 §5 and the historical merge live once, zod-free, in
 * activity/site-entry-rules.ts and activity/merge-entries.ts (the SDK carries them); the server's
 * names below are those functions. Nothing under activity/ imports this file (no circle).
 */

/** Shared data over this size is refused (spec 000 §5: "default 350 KB"). */
export const SHARED_DATA_LIMIT_BYTES = SITE_ENTRY_LIMIT_BYTES;

/** spec 000 §5: "Payload types allowed: report, lead" — the data item's type. */
export const SHARED_PAYLOAD_TYPES = ITEM_PAYLOAD_TYPES;
export type SharedPayloadType = (typeof SHARED_PAYLOAD_TYPES)[number];

/** spec 000 §3: "Application (all nine mandatory when set)". */
export const APPLICATION_MANDATORY_FIELDS = APPLICATION_FIELDS;

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
