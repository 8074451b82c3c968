import type { VisitorRecord } from '@pravesh/core';
import { describe, expect, it } from 'vitest';
import {
  activeStorageId,
  findCustomerMapping,
  onlyActiveMapping,
  withCustomerMapping,
} from './customer-storage-mapping.ts';

const entry = (n: number) => ({ mobileNo: `m${n}`, customerId: `c${n}`, storageId: `s${n}` });
const record = (overrides: Partial<VisitorRecord>) =>
  ({ visitorId: 'visitor', customerStorageMapping: {}, ...overrides }) as VisitorRecord;

describe('customer storage mapping', () => {
  it('keeps the newest entries, moving a repeat to the end', () => {
    let mapping = {};
    for (const n of [1, 2, 3, 1, 4]) mapping = withCustomerMapping(mapping, entry(n));
    expect(Object.keys(mapping)).toEqual(['s3', 's1', 's4']);
  });

  it('finds the storage of the current customer, or the visitor', () => {
    const mapping = { s1: entry(1), s2: entry(2) };
    expect(activeStorageId(record({ customerStorageMapping: mapping }))).toBe('visitor');
    expect(activeStorageId(record({ customerId: 'c2', customerStorageMapping: mapping }))).toBe('s2');
    expect(activeStorageId(record({ customerId: 'c9', customerStorageMapping: mapping }))).toBe('visitor');
    expect(findCustomerMapping(record({ customerId: 'c1', customerStorageMapping: mapping }))).toEqual(entry(1));
    expect(onlyActiveMapping(record({ customerId: 'c1', customerStorageMapping: mapping }))).toEqual({ s1: entry(1) });
    expect(onlyActiveMapping(record({ customerStorageMapping: mapping }))).toEqual({});
  });
});
