/**
 * GST tax-invoice rules (CGST Rules, rule 46; ../shared/reference/india-credit-and-invoices.md
 * "GST tax invoice"), pure so server, PDF and tests share them: the Indian financial year an
 * invoice falls in, the serial number format, state codes for the place of supply, GSTIN check
 * digit, and the CGST + SGST or IGST split.
 */

/** India Standard Time is UTC+05:30 all year (no daylight saving): dates on invoices are Indian dates. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The calendar date in India of an instant, as YYYY-MM-DD. */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The financial year (April–March, in India's time zone) of an instant: "2026-27" for any instant
 * from 1 April 2026 00:00 IST to 31 March 2027 23:59:59 IST. Rule 46: the serial number is unique
 * within a financial year, so the series restarts with each one.
 */
export function financialYearOf(at: Date): string {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const year = local.getUTCMonth() >= 3 ? local.getUTCFullYear() : local.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** Rule 46(b): at most 16 characters, letters (we use capitals), digits, "-" and "/". */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9/-]{1,16}$/;
/** Our series prefix: 1–4 capitals or digits, so prefix/YYYY/NNNNNN stays within 16. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;
/** Serials are six digits wide; the series of one year ends there (a million invoices a year). */
export const MAX_INVOICE_SERIAL = 999_999;

/**
 * The invoice number of a serial in a financial year's series: "KOSH/2627/000042" (prefix, the
 * two years' last digits, six-digit serial). Throws when the result would break rule 46.
 */
export function formatInvoiceNumber(prefix: string, financialYear: string, serial: number): string {
  if (!INVOICE_PREFIX_PATTERN.test(prefix)) throw new RangeError(`invoice prefix "${prefix}" is not 1–4 of A–Z 0–9`);
  const match = /^(\d{2})(\d{2})-(\d{2})$/.exec(financialYear);
  if (!match) throw new RangeError(`"${financialYear}" is not a financial year like 2026-27`);
  if (!Number.isInteger(serial) || serial < 1 || serial > MAX_INVOICE_SERIAL) {
    throw new RangeError(`invoice serial ${serial} is outside 1–${MAX_INVOICE_SERIAL}`);
  }
  const number = `${prefix}/${match[2]}${match[3]}/${String(serial).padStart(6, '0')}`;
  if (!INVOICE_NUMBER_PATTERN.test(number)) throw new RangeError(`invoice number ${number} breaks rule 46`);
  return number;
}

/**
 * GST state and union-territory codes (the first two digits of a GSTIN; place of supply is printed
 * as name and code). 25 (Daman and Diu) and 28 (undivided Andhra Pradesh) are no longer issued.
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const satisfies Record<string, string>;
export type GstStateCode = keyof typeof GST_STATES;

export function isGstStateCode(code: string): code is GstStateCode {
  return Object.hasOwn(GST_STATES, code);
}

/** A state's code from its name ("karnataka", "Tamil Nadu"), or its code as given; undefined when unknown. */
export function gstStateCodeOf(nameOrCode: string | null | undefined): GstStateCode | undefined {
  if (!nameOrCode) return undefined;
  const wanted = nameOrCode.trim().toLowerCase();
  if (isGstStateCode(wanted)) return wanted;
  const found = Object.entries(GST_STATES).find(([, name]) => name.toLowerCase() === wanted);
  return found?.[0] as GstStateCode | undefined;
}

/** "Karnataka (29)": rule 46 asks for the place of supply's state name and code. */
export function stateWithCode(code: GstStateCode): string {
  return `${GST_STATES[code]} (${code})`;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN from its first 14 (the published mod-36 check). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i]!);
    if (value < 0) throw new RangeError('a GSTIN holds only A–Z and 0–9');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** A well-formed GSTIN: state code, PAN, entity number, "Z", check character. */
export function isValidGstin(gstin: string): boolean {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  if (!isGstStateCode(gstin.slice(0, 2))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

export interface TaxSplit {
  /** Place of supply in the supplier's state: CGST + SGST (half the rate each); else IGST. */
  intraState: boolean;
  cgstRateBasisPoints: number;
  sgstRateBasisPoints: number;
  igstRateBasisPoints: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalTaxPaise: number;
  totalPaise: number;
}

const taxOf = (taxablePaise: number, basisPoints: number) => Math.round((taxablePaise * basisPoints) / 10_000);

/**
 * The tax of a supply (rule 46: "rate and amount of each tax"): CGST + SGST at half the rate each
 * when the place of supply is the supplier's state, IGST at the full rate otherwise. Each tax is
 * rounded to the paisa on its own, so the printed lines add up to the printed total.
 *
 * `paidTaxPaise`: the tax inside a GST-inclusive price the customer already paid (add-ons/
 * catalogue.ts splitGstInclusive). The invoice's "total value" must be what was paid, so that tax
 * is split as it is: IGST whole, or CGST half rounded down and SGST the rest. Rounding the halves
 * on their own could lose or make up a paisa (₹999 at 18 %: 84,661 taxable + 7,619 + 7,619 =
 * ₹998.99). It must be the rate's tax on the taxable value to within a paisa.
 */
export function splitGst(
  taxablePaise: number,
  rateBasisPoints: number,
  intraState: boolean,
  paidTaxPaise?: number,
): TaxSplit {
  if (!Number.isSafeInteger(taxablePaise) || taxablePaise < 0) throw new RangeError('taxable value is not paise');
  if (!Number.isInteger(rateBasisPoints) || rateBasisPoints < 0 || rateBasisPoints > 10_000 || rateBasisPoints % 2) {
    throw new RangeError(`GST rate ${rateBasisPoints} basis points is not a rate that halves into CGST and SGST`);
  }
  if (
    paidTaxPaise !== undefined &&
    (!Number.isSafeInteger(paidTaxPaise) || Math.abs(paidTaxPaise - (taxablePaise * rateBasisPoints) / 10_000) > 1)
  ) {
    throw new RangeError(`tax ${paidTaxPaise} paise is not ${rateBasisPoints} basis points of ${taxablePaise}`);
  }
  const half = rateBasisPoints / 2;
  let cgstPaise = 0;
  let sgstPaise = 0;
  let igstPaise = 0;
  if (!intraState) igstPaise = paidTaxPaise ?? taxOf(taxablePaise, rateBasisPoints);
  else if (paidTaxPaise === undefined) cgstPaise = sgstPaise = taxOf(taxablePaise, half);
  else {
    cgstPaise = Math.floor(paidTaxPaise / 2);
    sgstPaise = paidTaxPaise - cgstPaise;
  }
  const totalTaxPaise = cgstPaise + sgstPaise + igstPaise;
  return {
    intraState,
    cgstRateBasisPoints: intraState ? half : 0,
    sgstRateBasisPoints: intraState ? half : 0,
    igstRateBasisPoints: intraState ? 0 : rateBasisPoints,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalTaxPaise,
    totalPaise: taxablePaise + totalTaxPaise,
  };
}

/**
 * "1,18,000.00": a whole number of paise in rupees with Indian digit grouping (lakhs, crores) and
 * always two decimals, without sign or symbol (a bank statement's amount columns).
 */
export function formatAmountFigures(paise: number): string {
  const abs = Math.abs(paise);
  const digits = String(Math.floor(abs / 100));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},${last3}` : last3}.${String(abs % 100).padStart(2, '0')}`;
}

/** "₹1,18,000.00": Indian digit grouping, always two decimals (an invoice shows paise). */
export function formatRupees(paise: number): string {
  return `${paise < 0 ? '-' : ''}₹${formatAmountFigures(paise)}`;
}

/** "18%", "2.5%", "9%": a rate in basis points as printed. */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * SAC 998599 "Other support services n.e.c." (GST services classification, heading 9985): the
 * default for our paid add-ons when the purchase names none. A product with a closer heading
 * passes its own code to issueInvoice.
 */
export const DEFAULT_SAC_CODE = '998599';
/** The standard GST rate on these services: 18% (1800 basis points). */
export const STANDARD_GST_RATE_BASIS_POINTS = 1800;
