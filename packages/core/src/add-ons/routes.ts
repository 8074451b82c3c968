/**
 * Paths of the paid add-ons, step-up card and product tiles, zod-free so the dashboard can name
 * them without carrying zod.
 *
 * - spec 001 §7 names BSP bureauApplication/accountUserInformation (the eligibility objects of
 *   §3), MSP myAccount/transactions, myAccount/getStepUpCardDetails and myAccount/productList,
 *   without methods: reads, GET with the access token in pb-access-token or the pass token's sso
 *   strategy, as the credit and leads reads are.
 * - The purchase calls are ours (the spec shows none), under the BSP paymentSystem prefix the spec
 *   uses for invoices (§7 /BSP/api/v1/paymentSystem/invoices): POST, writes.
 */
export const ADD_ON_ROUTES = {
  accountUserInformation: '/BSP/api/v1/bureauApplication/accountUserInformation',
  transactions: '/MSP/api/v1/myAccount/transactions',
  getStepUpCardDetails: '/MSP/api/v1/myAccount/getStepUpCardDetails',
  productList: '/MSP/api/v1/myAccount/productList',
  /** Ours: start a purchase (idempotent by the client's key) and make the gateway order. */
  createOrder: '/BSP/api/v1/paymentSystem/createOrder',
  /** Ours: the customer paid at the gateway; the server confirms with the gateway. */
  confirmPayment: '/BSP/api/v1/paymentSystem/confirmPayment',
  /** Ours: where a purchase stands; a pending payment is asked of the gateway again. */
  orderStatus: '/BSP/api/v1/paymentSystem/orderStatus',
  /**
   * Ours: the Credit Health Report the customer bought (spec 001 §1, §4), and the same as a PDF.
   * Under MSP myAccount like the other reads of the customer's own data.
   */
  creditHealthReport: '/MSP/api/v1/myAccount/creditHealthReport',
  creditHealthReportPdf: '/MSP/api/v1/myAccount/creditHealthReport/pdf',
} as const;
export type AddOnRoute = keyof typeof ADD_ON_ROUTES;

export const ADD_ON_ROUTE_METHODS: Readonly<Record<AddOnRoute, 'GET' | 'POST'>> = {
  accountUserInformation: 'GET',
  transactions: 'GET',
  getStepUpCardDetails: 'GET',
  productList: 'GET',
  createOrder: 'POST',
  confirmPayment: 'POST',
  orderStatus: 'GET',
  creditHealthReport: 'GET',
  creditHealthReportPdf: 'GET',
};
