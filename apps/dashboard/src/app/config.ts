import type { Environment } from '@pravesh/core';

/**
 * This deployment's settings, written into index.html by the API server
 * (apps/server/src/modules/my-account/pages.ts) as a JSON data element: the bundle itself holds
 * no host, no site key and no secret, so one build serves every environment.
 */
export interface DashboardConfig {
  apiBaseUrl: string;
  environment: Environment;
  /** spec 000 §3 site list: My Account is site 14. */
  siteId: number;
  /** The OAuth client of My Account on the accounts host. */
  clientId: string;
  accountsUrl: string;
  /** spec 001 §1: "The account site's base path is /myaccount/". */
  basePath: string;
  /** spec 001 §9: "After logout it goes to the main homepage". */
  providerHomeUrl: string;
  /** spec 001 §9 "Feature switches per environment" that decide what the app draws. */
  features: DashboardFeatures;
}

export interface DashboardFeatures {
  /** spec 001 §9 "ONDC eligible (varies)": the ONDC loans banner and its ONDC dashboard link. */
  ondcEligible: boolean;
}

export const CONFIG_ELEMENT_ID = 'pravesh-dashboard-config';

export function readConfig(doc: Document = document): DashboardConfig {
  const element = doc.getElementById(CONFIG_ELEMENT_ID);
  const parsed: Partial<DashboardConfig> = element?.textContent ? (JSON.parse(element.textContent) as object) : {};
  const origin = doc.location?.origin ?? '';
  return {
    apiBaseUrl: parsed.apiBaseUrl ?? origin,
    environment: parsed.environment ?? 'local',
    siteId: parsed.siteId ?? 14,
    clientId: parsed.clientId ?? 'pravesh-myaccount',
    accountsUrl: parsed.accountsUrl ?? origin,
    basePath: parsed.basePath ?? '/myaccount/',
    providerHomeUrl: parsed.providerHomeUrl ?? `${origin}/`,
    // A switch the page does not name is off: nothing is offered that this environment may not have.
    features: { ondcEligible: parsed.features?.ondcEligible === true },
  };
}

/** spec 001 §9 "Storage encryption on everywhere except the local environment." */
export const encryptsStorage = (environment: Environment) => environment !== 'local';

/**
 * spec 001 §4 Logout: "Then it starts a new login (production, staging, dev-int, dev-int1, local)
 * or goes to the provider home." Our environment names for those are production, staging,
 * development_int and local; development and fte go to the provider home.
 */
export const NEW_LOGIN_AFTER_LOGOUT: readonly Environment[] = ['production', 'staging', 'development_int', 'local'];
