import { z } from 'zod';

/**
 * The visitor cookie record (spec 000 §3 "Visitor cookie record"): one per browser, named GUC in
 * production and PBGUC_DEV elsewhere (see visitorCookieName), obfuscated with the XOR cipher in
 * cookie-cipher.ts. Times are epoch milliseconds. mobileNo and customerId hold sealed values
 * (sealCustomerField), never plain text.
 */
export const NUDGE_STATES = ['open', 'close'] as const;

export const customerMappingEntrySchema = z.object({
  mobileNo: z.string(),
  customerId: z.string(),
  storageId: z.string(),
});
export type CustomerMappingEntry = z.infer<typeof customerMappingEntrySchema>;

export const visitorRecordSchema = z.object({
  id: z.uuid(),
  visitorId: z.string().min(1).max(64),
  initialNudgeState: z.enum(NUDGE_STATES),
  lastActive: z.number().int().nonnegative(),
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  /** The current visit id. */
  visit: z.string().max(64).optional(),
  parentVisitId: z.string().max(64).optional(),
  absoluteParentVisitId: z.string().max(64).optional(),
  mostRecentVisit: z.string().max(64).optional(),
  /** UTM source of the current visit: a different one starts a new visit (spec 000 §4). */
  utmSource: z.string().max(256).optional(),
  mobileNo: z.string().max(512).optional(),
  customerId: z.string().max(512).optional(),
  syncGuc: z.boolean().default(false),
  purgeStorage: z.boolean().default(false),
  customerStorageMapping: z.record(z.string(), customerMappingEntrySchema).default({}),
});
export type VisitorRecord = z.infer<typeof visitorRecordSchema>;
