/**
 * The marketplace's product tiles (spec 001 §7 myAccount/productList, §3 support slice
 * productList, §9 "Product tile redirect keys: productCC, productPL, productBL, productHL,
 * productLAP, productLAC, productHLBT, productPBMoney, productCapLoan, productBONDS, productFD, and
 * six insurance keys (term, health, invest plan, car, retirement, two wheeler)"). The spec names
 * the first eleven keys; the six insurance keys are not printed, so theirs are ours, in the same
 * style. Each tile opens the site of its product (spec 000 §3 site list), whose address the server
 * takes from its configuration; `path` is the page on that site.
 */
export const PRODUCT_CATEGORIES = ['LOANS', 'CARDS', 'INVESTMENTS', 'INSURANCE'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface ProductTile {
  readonly redirectKey: string;
  readonly name: string;
  readonly tagline: string;
  readonly category: ProductCategory;
  /** The spec 000 §3 site key whose origin serves the product; the homepage when it has none. */
  readonly siteKey: string;
  readonly path: string;
}

const tile = (
  redirectKey: string,
  name: string,
  tagline: string,
  category: ProductCategory,
  siteKey: string,
  path: string,
): ProductTile => ({ redirectKey, name, tagline, category, siteKey, path });

export const PRODUCT_TILES: readonly ProductTile[] = [
  tile('productCC', 'Credit Cards', 'Compare cards for rewards, travel and cashback', 'CARDS', 'CREDIT_CARD', '/'),
  tile('productPL', 'Personal Loan', 'Instant loans from 10.5% p.a.', 'LOANS', 'PL_MARKETPLACE', '/'),
  tile('productBL', 'Business Loan', 'Working capital for your business', 'LOANS', 'HOMEPAGE', '/business-loan'),
  tile('productHL', 'Home Loan', 'Rates linked to the repo rate', 'LOANS', 'HOME_LOAN', '/'),
  tile(
    'productLAP',
    'Loan Against Property',
    'Borrow against a home or shop you own',
    'LOANS',
    'LOAN_AGAINST_PROPERTY',
    '/',
  ),
  tile('productLAC', 'Loan Against Car', 'Cash against the car you own', 'LOANS', 'LOAN_AGAINST_CAR', '/'),
  tile(
    'productHLBT',
    'Home Loan Transfer',
    'Move your home loan to a lower rate',
    'LOANS',
    'HOME_LOAN',
    '/balance-transfer',
  ),
  tile('productPBMoney', 'Kosh Money', 'Track your money and spends in one app', 'INVESTMENTS', 'MONEY_APP', '/'),
  tile(
    'productCapLoan',
    'Loan Against Securities',
    'Borrow against shares and mutual funds',
    'LOANS',
    'LOAN_AGAINST_SECURITIES',
    '/',
  ),
  tile('productBONDS', 'Bonds', 'Fixed returns from rated bonds', 'INVESTMENTS', 'INVESTMENT_BONDS', '/'),
  tile('productFD', 'Fixed Deposits', 'Compare FD rates of banks', 'INVESTMENTS', 'HOMEPAGE', '/fixed-deposits'),
  tile(
    'productTermInsurance',
    'Term Insurance',
    'Cover for your family’s future',
    'INSURANCE',
    'HOMEPAGE',
    '/insurance/term',
  ),
  tile(
    'productHealthInsurance',
    'Health Insurance',
    'Cashless hospital cover',
    'INSURANCE',
    'HOMEPAGE',
    '/insurance/health',
  ),
  tile(
    'productInvestmentPlan',
    'Investment Plans',
    'Grow savings with life cover',
    'INSURANCE',
    'HOMEPAGE',
    '/insurance/investment',
  ),
  tile('productCarInsurance', 'Car Insurance', 'Renew in minutes', 'INSURANCE', 'HOMEPAGE', '/insurance/car'),
  tile(
    'productRetirementPlan',
    'Retirement Plans',
    'A pension for later life',
    'INSURANCE',
    'HOMEPAGE',
    '/insurance/retirement',
  ),
  tile(
    'productTwoWheelerInsurance',
    'Two Wheeler Insurance',
    'Cover for your bike or scooter',
    'INSURANCE',
    'HOMEPAGE',
    '/insurance/two-wheeler',
  ),
];

/**
 * spec 001 §9 "Redirect targets": where a stored redirection sub-product (consumed once by the
 * layout, spec 001 §2) may send the customer inside My Account. The add-on cards are the targets
 * credit health, rectification, collections and credit assist.
 */
export const REDIRECT_TARGETS = [
  'creditReportAnalysis',
  'creditHealth',
  'creditAlerts',
  'rectification',
  'collections',
  'creditAssist',
  'offers',
  'factors',
  'savings',
  'scorePredictor',
  'goldLoan',
  'walletProtect',
  'ondcDashboard',
] as const;
export type RedirectTarget = (typeof REDIRECT_TARGETS)[number];
