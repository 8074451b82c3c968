import { describe, expect, it } from 'vitest';
import { ADD_ONS, priceOf, splitGstInclusive } from '../add-ons/catalogue.ts';
import {
  financialYearOf,
  formatInvoiceNumber,
  formatRate,
  formatAmountFigures,
  formatRupees,
  gstStateCodeOf,
  gstinCheckCharacter,
  indianDate,
  isValidGstin,
  INVOICE_NUMBER_PATTERN,
  splitGst,
  stateWithCode,
} from './gst.ts';

describe('financialYearOf (April–March in India time)', () => {
  it('turns over at midnight IST on 1 April, not at midnight UTC', () => {
    // 31 March 2027 18:29:59 UTC is 23:59:59 IST: still 2026-27.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    // 18:30 UTC is 00:00 IST on 1 April: 2027-28.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it('dates an invoice by the Indian calendar', () => {
    expect(indianDate(new Date('2026-11-25T19:00:00Z'))).toBe('2026-11-26');
    expect(indianDate(new Date('2026-11-25T18:29:00Z'))).toBe('2026-11-25');
  });
});

describe('formatInvoiceNumber (rule 46: ≤16 of A–Z 0–9 - /)', () => {
  it('writes prefix, financial year and a six-digit serial', () => {
    expect(formatInvoiceNumber('KOSH', '2026-27', 1)).toBe('KOSH/2627/000001');
    expect(formatInvoiceNumber('KOSH', '2026-27', 999_999)).toBe('KOSH/2627/999999');
    expect(formatInvoiceNumber('KOSH', '2026-27', 42)).toHaveLength(16);
    expect(INVOICE_NUMBER_PATTERN.test(formatInvoiceNumber('K1', '2099-00', 7))).toBe(true);
  });

  it('refuses numbers that would break the rule', () => {
    expect(() => formatInvoiceNumber('KOSHX', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('ko', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('KOSH', '2026-27', 1_000_000)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('KOSH', '2026-27', 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('KOSH', '26-27', 1)).toThrow(RangeError);
  });
});

describe('states and GSTIN', () => {
  it('finds a state by name or code', () => {
    expect(gstStateCodeOf('karnataka')).toBe('29');
    expect(gstStateCodeOf(' Tamil Nadu ')).toBe('33');
    expect(gstStateCodeOf('07')).toBe('07');
    expect(gstStateCodeOf('25')).toBeUndefined();
    expect(gstStateCodeOf('Atlantis')).toBeUndefined();
    expect(gstStateCodeOf(undefined)).toBeUndefined();
    expect(stateWithCode('27')).toBe('Maharashtra (27)');
  });

  it('checks the GSTIN check character', () => {
    // A published sample GSTIN and one made from its first 14 characters.
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    const first14 = '29AAKCK4821R1Z';
    expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`)).toBe(true);
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
  });
});

describe('splitGst', () => {
  it('charges CGST + SGST at half the rate each within the supplier state', () => {
    expect(splitGst(100_000, 1800, true)).toEqual({
      intraState: true,
      cgstRateBasisPoints: 900,
      sgstRateBasisPoints: 900,
      igstRateBasisPoints: 0,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
      totalTaxPaise: 18_000,
      totalPaise: 118_000,
    });
  });

  it('charges IGST at the full rate to another state', () => {
    expect(splitGst(100_000, 1800, false)).toMatchObject({
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
      igstRateBasisPoints: 1800,
      totalPaise: 118_000,
    });
  });

  it('rounds each tax to the paisa so the printed lines add up', () => {
    // ₹99.99 at 9% = 899.91 paise → 900 each.
    const split = splitGst(9999, 1800, true);
    expect(split.cgstPaise).toBe(900);
    expect(split.totalPaise).toBe(9999 + 900 + 900);
    expect(splitGst(9999, 1800, false).igstPaise).toBe(1800);
  });

  it('splits the tax of a GST-inclusive price as paid, so the invoice totals the amount paid', () => {
    // ₹999 at 18 %: 84,661 taxable + 15,239 tax. Rounding each half on its own gave 7,619 twice.
    const { taxableValuePaise, gstPaise } = splitGstInclusive(99_900, 18);
    expect(splitGst(taxableValuePaise, 1800, true)).toMatchObject({ cgstPaise: 7619, totalPaise: 99_899 });
    expect(splitGst(taxableValuePaise, 1800, true, gstPaise)).toMatchObject({
      cgstPaise: 7619,
      sgstPaise: 7620,
      igstPaise: 0,
      totalTaxPaise: 15_239,
      totalPaise: 99_900,
    });
    expect(splitGst(taxableValuePaise, 1800, false, gstPaise)).toMatchObject({ igstPaise: 15_239, totalPaise: 99_900 });
    // Every price in the catalogue, either way.
    for (const addOn of ADD_ONS) {
      const price = priceOf(addOn);
      for (const intraState of [true, false]) {
        const split = splitGst(price.taxableValuePaise, price.gstPercent * 100, intraState, price.gstPaise);
        expect(split.totalPaise).toBe(price.amountPaise);
      }
    }
  });

  it('refuses a paid tax that is not the rate of the taxable value', () => {
    expect(() => splitGst(100_000, 1800, true, 18_002)).toThrow(RangeError);
    expect(() => splitGst(100_000, 1800, true, 17_998)).toThrow(RangeError);
    expect(splitGst(100_000, 1800, true, 18_001).totalPaise).toBe(118_001);
  });

  it('refuses rates that do not halve and amounts that are not paise', () => {
    expect(() => splitGst(100, 1801, true)).toThrow(RangeError);
    expect(() => splitGst(10.5, 1800, true)).toThrow(RangeError);
    expect(() => splitGst(-1, 1800, true)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('groups rupees the Indian way with paise', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(99)).toBe('₹0.99');
    expect(formatRupees(118_000)).toBe('₹1,180.00');
    expect(formatRupees(11_800_050)).toBe('₹1,18,000.50');
    expect(formatRupees(1_234_567_89)).toBe('₹12,34,567.89');
    expect(formatRupees(1_00_00_000_00)).toBe('₹1,00,00,000.00');
    expect(formatRupees(-25_050)).toBe('-₹250.50');
    // A statement's columns: the same figures without sign or symbol.
    expect(formatAmountFigures(1_234_567_89)).toBe('12,34,567.89');
    expect(formatAmountFigures(-5)).toBe('0.05');
  });

  it('prints rates without trailing zeros', () => {
    expect(formatRate(1800)).toBe('18%');
    expect(formatRate(900)).toBe('9%');
    expect(formatRate(250)).toBe('2.5%');
  });
});
