import type { AddOn } from '@pravesh/core/add-ons/catalogue.ts';
import type { EligibilityReason } from '@pravesh/core/add-ons/eligibility.ts';
import type { AccountUserInformation, AddOnProductView } from '@pravesh/core/add-ons/schemas.ts';

/** Answers of the add-on calls for tests, in the server's shapes (core add-ons/schemas.ts). */
const PRICES: Readonly<Record<AddOn, [string, number, number, number]>> = {
  CREDIT_HEALTH: ['Credit Health Report', 19_900, 16_864, 3_036],
  CREDIT_ADVISOR: ['Credit Advisor', 99_900, 84_661, 15_239],
  RECTIFICATION: ['Credit Report Correction', 1_49_900, 1_27_034, 22_866],
  COLLECTION: ['Overdue Account Resolution', 2_49_900, 2_11_780, 38_120],
};

export function productFixture(addOn: AddOn): AddOnProductView {
  const [name, amountPaise, taxableValuePaise, gstPaise] = PRICES[addOn];
  return {
    addOn,
    name,
    summary: `${name}: what you get.`,
    price: { amountPaise, taxableValuePaise, gstPaise, gstPercent: 18 },
  };
}

/** Every add-on with one reason; `overrides` lays fields over each object. */
export function accountUserInformationFixture(
  reason: EligibilityReason = 'REPORT_NOT_READY',
  overrides: Partial<{ [K in keyof AccountUserInformation]: Partial<AccountUserInformation[K]> }> = {},
): AccountUserInformation {
  const base = (addOn: AddOn) => ({
    eligible: reason === 'ELIGIBLE',
    subscribed: reason === 'SUBSCRIBED',
    reason,
    product: productFixture(addOn),
    lastPaymentDetails: null,
  });
  return {
    creditAdvisor: {
      ...base('CREDIT_ADVISOR'),
      rankFactors: [],
      criteria: null,
      isNewToCredit: false,
      paidUser: false,
      ...overrides.creditAdvisor,
    },
    creditHealth: { ...base('CREDIT_HEALTH'), ...overrides.creditHealth },
    collection: { ...base('COLLECTION'), accountList: [], ...overrides.collection },
    rectification: {
      ...base('RECTIFICATION'),
      crosssellable: { products: { product: { COLLECTIONS: { subProductList: [] } } } },
      quoteDetails: { order: null },
      ...overrides.rectification,
    },
  };
}
