import type { CustomerMappingEntry, VisitorRecord } from '@pravesh/core';

/**
 * The visitor record's customerStorageMapping (spec 000 §3 "Customer mapping entry": mobileNo,
 * customerId, storageId), keyed by storageId. A signed-out visitor's site entries live under the
 * visitorId; a signed-in customer's under the storageId derived from the customer id
 * (core customerStorageId), so two people sharing a browser never see each other's activity.
 * mobileNo and customerId in an entry are the same sealed strings as the record's own fields,
 * which is how the active entry is found without opening anything.
 */

/** The record lives in one cookie (at most 4096 bytes): only the most recent customers are kept. */
export const MAX_CUSTOMER_MAPPINGS = 3;

/** The storage id whose site entries the page reads and writes now. */
export function activeStorageId(record: VisitorRecord): string {
  return findCustomerMapping(record)?.storageId ?? record.visitorId;
}

/** The entry of the record's current customer, if one is set. */
export function findCustomerMapping(record: VisitorRecord): CustomerMappingEntry | undefined {
  if (record.customerId === undefined) return undefined;
  return Object.values(record.customerStorageMapping).find((entry) => entry.customerId === record.customerId);
}

/** Adds (or moves to the end) one entry, dropping the oldest beyond `max`. */
export function withCustomerMapping(
  mapping: Readonly<Record<string, CustomerMappingEntry>>,
  entry: CustomerMappingEntry,
  max = MAX_CUSTOMER_MAPPINGS,
): Record<string, CustomerMappingEntry> {
  const entries = Object.entries(mapping).filter(([storageId]) => storageId !== entry.storageId);
  entries.push([entry.storageId, entry]);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - max)));
}

/** Only the current customer's entry: what is kept when the cookie would be too large. */
export function onlyActiveMapping(record: VisitorRecord): Record<string, CustomerMappingEntry> {
  const active = findCustomerMapping(record);
  return active ? { [active.storageId]: active } : {};
}
