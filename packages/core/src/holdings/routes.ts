/**
 * Paths of the customer's holdings elsewhere in the marketplace, zod-free so the
 * dashboard can name them without carrying zod. spec 001 §7 names all three without a method or a
 * shape: reads of the customer's own data, so GET with the access token (pb-access-token or the
 * pass token's sso strategy), as every customer read is; no query names a customer.
 *
 * - MSP myAccount/getMutualFundStatus: the account slice's userMutualFundStatus (spec 001 §3).
 * - MSP wpsp/policyDetails: walletProtectionData, the wallet protection policy.
 * - MSP ondc/loans: ONDCDisbursedLeads, loans disbursed through the ONDC network.
 */
export const HOLDINGS_ROUTES = {
  getMutualFundStatus: '/MSP/api/v1/myAccount/getMutualFundStatus',
  policyDetails: '/MSP/api/v1/wpsp/policyDetails',
  ondcLoans: '/MSP/api/v1/ondc/loans',
} as const;
export type HoldingsRoute = keyof typeof HOLDINGS_ROUTES;

/**
 * Where each banner sends the customer (spec 001 §9 redirect targets "wallet protect" and "ONDC
 * dashboard", and the mutual fund site): the spec 000 §3 site serving it, or `fallbackPath` on the
 * homepage when that site has no configured address.
 */
export const HOLDINGS_LINKS = {
  mutualFunds: { siteKey: 'MUTUAL_FUND', path: '/', fallbackPath: '/mutual-funds' },
  walletProtection: { siteKey: 'WALLET_INSURANCE', path: '/', fallbackPath: '/wallet-protect' },
  ondc: { siteKey: 'ONDC', path: '/dashboard', fallbackPath: '/ondc' },
} as const;
export type HoldingsLink = keyof typeof HOLDINGS_LINKS;
