/**
 * Profile and personal details: the spec 001 §7 paths, zod-free so the dashboard's
 * bundle can name them without the schema library (schemas.ts has the shapes). The spec shows the
 * paths but not their methods: the reference lists are GET (no personal data; the employer search
 * term is a company name, never a customer's), the update is POST with the customer in the body
 * and proven by the access token. The customer's details are read through My Account's
 * getCustomerDetails (MY_ACCOUNT_ROUTES).
 */
export const PROFILE_ROUTES = {
  /** spec 001 §7 BSP customerProfile/update: personal details, or a new email or mobile number with its OTP. */
  update: '/BSP/api/v1/customerProfile/update',
  /** spec 001 §7 BSP utility/employer: server-side search of the employer list (`?q=`), at most EMPLOYER_SEARCH_LIMIT. */
  employer: '/BSP/api/v1/utility/employer',
  /** spec 001 §7 BSP utility/city: every city with its state (spec 001 §3 utility slice cityList). */
  city: '/BSP/api/v1/utility/city',
  /** spec 001 §7 BSP utility/getTopCity: the cities most customers live in (topCityList). */
  getTopCity: '/BSP/api/v1/utility/getTopCity',
  /** spec 001 §7 BSP utility/getTopInstitution: the banks most customers hold accounts with (topBankList). */
  getTopInstitution: '/BSP/api/v1/utility/getTopInstitution',
  /** spec 001 §7 BSP utility/institution/4: every institution of category 4, banks (bankList). */
  institution: '/BSP/api/v1/utility/institution/:category',
  /** spec 001 §7 BSP utility/getAnnualTurnoveRange (the spec's spelling): turnover bands (annualSalesTurnover). */
  getAnnualTurnoverRange: '/BSP/api/v1/utility/getAnnualTurnoveRange',
} as const;

/** The institution category the spec's path names (utility/institution/4): banks. */
export const BANK_INSTITUTION_CATEGORY = 4;

/** The path of utility/institution/{category}. */
export function institutionPath(category: number = BANK_INSTITUTION_CATEGORY): string {
  return PROFILE_ROUTES.institution.replace(':category', String(category));
}

/** Employer search: the most results one answer holds, and the shortest search term (characters). */
export const EMPLOYER_SEARCH_LIMIT = 20;
export const EMPLOYER_SEARCH_MIN_LENGTH = 2;
export const EMPLOYER_SEARCH_MAX_LENGTH = 60;
