/**
 * The marketplace's brand: the one place its names are written. Every screen, page title,
 * footer, mail and GST invoice takes them from here, so the company a customer pays is the
 * company every footer names (a deployment under another brand changes them here only; the
 * invoice supplier is still configurable per deployment in the server's config).
 */
export const BRAND = {
  /** What customers call it: headers, the sign-in frame, "With Kosh since". */
  name: 'Kosh',
  /** The registered company: the GST invoice's supplier and every footer's copyright line. */
  legalName: 'Kosh Financial Services Private Limited',
  registeredOffice: '4th Floor, 12 Residency Road, Bengaluru, Karnataka 560025',
} as const;

/** The footer's copyright line. */
export function copyrightLine(year: number): string {
  return `© ${year} ${BRAND.legalName}`;
}
