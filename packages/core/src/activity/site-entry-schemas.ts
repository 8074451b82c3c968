import { z } from 'zod';
import { DATA_PRODUCTS, ITEM_PAYLOAD_TYPES, UPDATE_ONLY_PRODUCTS } from '../constants.ts';
import { safeText } from '../visits/fields.ts';
import { jsonValueSchema } from '../http/json-value.ts';

/**
 * A site entry's shapes (spec 000 §3 "Site entry", "Lead", "Application", "Data item") as zod
 * schemas, for the server's request and response shapes. The zod-free rules in
 * site-entry-rules.ts and merge-entries.ts take only these types (import type), so the SDK that
 * carries the rules does not carry zod, and visits/shared-data.ts re-exports both without a circle.
 */

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
  type: z.enum(ITEM_PAYLOAD_TYPES),
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
  applicationDetails: z.record(z.string(), jsonValueSchema).optional(),
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
  sharedData: z.record(z.string(), jsonValueSchema).nullable(),
  consentRecievedDate: z.iso.datetime({ offset: true }).nullable(),
});
export type SiteEntry = z.infer<typeof siteEntrySchema>;
