import { GST_PERCENT } from '../offers/kfs.ts';

/**
 * The four paid add-ons of spec 001 §1 ("Paid add-on services shown are: a credit health report; a
 * credit assistance service (credit advisor); a credit rectification service; negative account
 * resolution (collection)"), with their prices. The spec shows no prices: these are ours, in the
 * range Indian credit-repair and report services charged in 2025.
 *
 * Money is whole paise (integers, never floats). The price a customer sees is GST-inclusive (the
 * way consumer prices are shown in India); what an invoice needs is kept beside it: the taxable
 * value and the rate (CGST Rules rule 46: "taxable value; rate and amount of each tax"), and the
 * service's SAC code and description. Whether the tax is CGST + SGST or IGST depends on the place
 * of supply, which the invoice decides, not the price.
 */
export const ADD_ONS = ['CREDIT_HEALTH', 'CREDIT_ADVISOR', 'RECTIFICATION', 'COLLECTION'] as const;
export type AddOn = (typeof ADD_ONS)[number];

export interface AddOnProduct {
  readonly addOn: AddOn;
  /** What the dashboard calls it. */
  readonly name: string;
  /** One sentence: what the customer gets. */
  readonly summary: string;
  /** The service as an invoice describes it (rule 46 "description of the service"). */
  readonly invoiceDescription: string;
  /**
   * Services Accounting Code: 998591 "credit reporting and rating agency services" for the report,
   * advice and rectification, 998592 "collection agency services" for negative-account resolution.
   */
  readonly sacCode: string;
  /** GST-inclusive price shown to the customer, paise. */
  readonly pricePaise: number;
  readonly gstPercent: number;
}

export interface GstSplit {
  /** The value tax is charged on (rule 46 "taxable value"), paise. */
  readonly taxableValuePaise: number;
  /** The tax in the price, paise (the invoice splits it into CGST + SGST or shows it as IGST). */
  readonly gstPaise: number;
}

/**
 * Splits a GST-inclusive price into taxable value and tax, so that taxable + tax is exactly the
 * price: the taxable value is rounded to the paisa and the tax is the rest (never a paisa lost or
 * made up between what was paid and what the invoice shows).
 */
export function splitGstInclusive(inclusivePaise: number, gstPercent: number): GstSplit {
  if (!Number.isInteger(inclusivePaise) || inclusivePaise < 0) throw new RangeError('price must be whole paise');
  if (!(gstPercent >= 0 && gstPercent <= 100)) throw new RangeError('GST rate must be a percentage');
  const taxableValuePaise = Math.round((inclusivePaise * 100) / (100 + gstPercent));
  return { taxableValuePaise, gstPaise: inclusivePaise - taxableValuePaise };
}

const product = (
  addOn: AddOn,
  name: string,
  summary: string,
  invoiceDescription: string,
  sacCode: string,
  rupees: number,
): AddOnProduct => ({
  addOn,
  name,
  summary,
  invoiceDescription,
  sacCode,
  pricePaise: rupees * 100,
  gstPercent: GST_PERCENT,
});

export const ADD_ON_CATALOGUE: Readonly<Record<AddOn, AddOnProduct>> = {
  CREDIT_HEALTH: product(
    'CREDIT_HEALTH',
    'Credit Health Report',
    'A detailed reading of your credit report from every bureau, with what helps and hurts your score.',
    'Credit health report: analysis of your credit reports from every bureau',
    '998591',
    199,
  ),
  CREDIT_ADVISOR: product(
    'CREDIT_ADVISOR',
    'Credit Advisor',
    'A credit expert works with you for 3 months on a plan to raise your score.',
    'Credit advisory service: three months of credit improvement guidance',
    '998591',
    999,
  ),
  RECTIFICATION: product(
    'RECTIFICATION',
    'Credit Report Correction',
    'We raise disputes with the bureaus and lenders to correct wrong entries on your report.',
    'Credit report rectification: disputes raised with credit bureaus and lenders',
    '998591',
    1499,
  ),
  COLLECTION: product(
    'COLLECTION',
    'Overdue Account Resolution',
    'We negotiate with your lenders to settle or close overdue and written-off accounts.',
    'Negative account resolution: negotiation with lenders on overdue accounts',
    '998592',
    2499,
  ),
};

/** The price an order is made for: inclusive total, taxable value, tax and rate. */
export function priceOf(addOn: AddOn): GstSplit & { amountPaise: number; gstPercent: number } {
  const { pricePaise, gstPercent } = ADD_ON_CATALOGUE[addOn];
  return { amountPaise: pricePaise, gstPercent, ...splitGstInclusive(pricePaise, gstPercent) };
}
